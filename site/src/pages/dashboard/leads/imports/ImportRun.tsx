import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useImportProgress } from '../../../../features/leads/useImports';
import { ApiErrorAlert } from '../ApiErrorAlert';
import { importErrorText, totalsSentence } from '../../../../features/leads/import-text';
import { ImportCounts } from './ImportCounts';

/** A progress bar with its label read out as it moves. */
export function LabelledProgress({ label, value }: { label: string; value?: number }) {
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2">{label}</Typography>
        {value !== undefined && (
          <Typography variant="body2" color="text.secondary">
            {value}%
          </Typography>
        )}
      </Stack>
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/** One import's job: its progress, then what it read, added and skipped. */
export function ImportRun({
  id,
  fileName,
  onAnother,
}: {
  id: string;
  fileName: string;
  onAnother(): void;
}) {
  const job = useImportProgress(id);
  const item = job.data;
  return (
    <Card variant="outlined" component="section" aria-label="Import">
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-all' }}>
          {item?.status === 'done' ? 'Import finished' : `Importing ${item?.file_name ?? fileName}`}
        </Typography>
        {job.isError && !item && (
          <ApiErrorAlert error={job.error} onRetry={() => void job.refetch()} />
        )}
        {(!item || item.status === 'queued') && !job.isError && (
          <Box sx={{ mt: 2 }}>
            <LabelledProgress label="Waiting for the import to start…" />
          </Box>
        )}
        {item?.status === 'processing' && (
          <Box sx={{ mt: 2 }} aria-live="polite">
            <LabelledProgress label="Reading your file" value={item.progress} />
          </Box>
        )}
        {item?.status === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {importErrorText(item)}
          </Alert>
        )}
        {item?.status === 'done' && (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Typography role="status">{totalsSentence(item.counts)}</Typography>
            <ImportCounts counts={item.counts} />
          </Stack>
        )}
        {item && (item.status === 'done' || item.status === 'failed') && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
            {item.status === 'done' && (
              <Button variant="contained" component={RouterLink} to="/dashboard/leads">
                See your leads
              </Button>
            )}
            <Button variant="outlined" onClick={onAnother}>
              Import another file
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
