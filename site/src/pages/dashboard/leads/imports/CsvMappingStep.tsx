import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { CSV_MAPPING_FIELDS, type CsvMapping, type CsvMappingField } from '@leadpulse/common';
import {
  MAPPING_FIELD_LABELS,
  assignColumn,
  fieldOfColumn,
  mappingProblem,
} from '../../../../features/leads/csv-mapping';
import type { CsvPreview } from '../../../../features/leads/csv-preview';

/**
 * A plain CSV's columns, each with the lead field it goes to (guessed from its header, changed
 * here) and its first values; then Import.
 */
export function CsvMappingStep({
  fileName,
  preview,
  mapping,
  onChange,
  onImport,
  onCancel,
}: {
  fileName: string;
  preview: CsvPreview;
  mapping: CsvMapping;
  onChange(mapping: CsvMapping): void;
  onImport(): void;
  onCancel(): void;
}) {
  const problem = mappingProblem(mapping);
  return (
    <Card variant="outlined" component="section" aria-labelledby="mapping-title">
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="mapping-title" variant="h6" component="h2">
          Match the columns of {fileName}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          We guessed what each column holds from its name. Change any that is wrong; columns set to
          “Don’t import” are left out.
        </Typography>
        <Stack spacing={1.5}>
          {preview.header.map((column, index) => (
            <Box
              key={`${column}-${index}`}
              sx={{
                display: 'grid',
                gap: 1.5,
                alignItems: 'center',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 240px' },
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{column || `Column ${index + 1}`}</Typography>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {preview.rows
                    .map((row) => row[index]?.trim())
                    .filter(Boolean)
                    .slice(0, 3)
                    .join(' · ') || 'No values in the first rows'}
                </Typography>
              </Box>
              <TextField
                select
                size="small"
                label={`Field for ${column || `column ${index + 1}`}`}
                value={fieldOfColumn(mapping, column)}
                disabled={!column}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                onChange={(event) =>
                  onChange(assignColumn(mapping, column, event.target.value as CsvMappingField))
                }
              >
                <MenuItem value="">Don’t import</MenuItem>
                {CSV_MAPPING_FIELDS.map((field) => (
                  <MenuItem key={field} value={field}>
                    {MAPPING_FIELD_LABELS[field]}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Showing {preview.rows.length} {preview.rows.length === 1 ? 'row' : 'rows'} from the start
          of the file. A lead already in your workspace with the same profile URL or e-mail is
          updated, not added twice.
        </Typography>
        {problem && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" onClick={onImport} disabled={Boolean(problem)}>
            Import this CSV
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
