import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Chip,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { LeadImport } from '@leadpulse/common';
import { formatDateTime } from '../../../../features/leads/lead-labels';
import { useImportList } from '../../../../features/leads/useImports';
import { ApiErrorAlert } from '../ApiErrorAlert';
import { importErrorText, totalsSentence } from '../../../../features/leads/import-text';
import { ImportCounts } from './ImportCounts';

const STATUS: Record<
  LeadImport['status'],
  { label: string; color: 'default' | 'info' | 'success' | 'error' }
> = {
  queued: { label: 'Waiting', color: 'default' },
  processing: { label: 'Importing', color: 'info' },
  done: { label: 'Done', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

/** The member's earlier imports, newest first, each opening to its counts. */
export function ImportHistory() {
  const imports = useImportList();
  return (
    <Box component="section" aria-labelledby="history-title">
      <Typography id="history-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Earlier imports
      </Typography>
      {imports.isPending && <Skeleton variant="rounded" height={96} />}
      {imports.isError && (
        <ApiErrorAlert error={imports.error} onRetry={() => void imports.refetch()} />
      )}
      {imports.data?.length === 0 && (
        <Typography color="text.secondary">
          Nothing imported yet. Your imports will be listed here, with what each one added.
        </Typography>
      )}
      {imports.data?.map((item) => (
        <Accordion key={item.id} variant="outlined" disableGutters>
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Stack sx={{ minWidth: 0, flex: 1 }} spacing={0.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                <Chip size="small" {...STATUS[item.status]} />
                <Typography
                  sx={{
                    fontWeight: 600,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {item.file_name}
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(item.created_at)}
                {item.status === 'done' && ` · ${totalsSentence(item.counts)}`}
                {item.status === 'processing' && ` · ${item.progress}%`}
              </Typography>
            </Stack>
          </AccordionSummary>
          <AccordionDetails>
            {item.status === 'failed' ? (
              <Typography color="error.main">{importErrorText(item)}</Typography>
            ) : (
              <ImportCounts counts={item.counts} />
            )}
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
