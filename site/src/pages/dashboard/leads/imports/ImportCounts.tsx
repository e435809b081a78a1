import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { LeadImport } from '@leadpulse/common';

const n = (value: number) => value.toLocaleString('en-US');

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ minWidth: 72 }}>
      <Typography variant="h6" component="p" sx={{ lineHeight: 1.2 }}>
        {n(value)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** What was read, added and skipped in each file, with the skipped rows' line numbers. */
export function ImportCounts({ counts }: { counts: LeadImport['counts'] }) {
  const files = Object.entries(counts);
  if (files.length === 0)
    return <Typography color="text.secondary">No file of this import held leads.</Typography>;
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {files.map(([file, count]) => (
        <Box
          component="li"
          key={file}
          aria-label={file}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
        >
          <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{file}</Typography>
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', mt: 1 }}>
            <Figure label="Rows read" value={count.rows} />
            {count.posts_added === undefined ? (
              <>
                <Figure label="Leads added" value={count.leads_created} />
                <Figure label="Leads updated" value={count.leads_updated} />
                <Figure label="Signals added" value={count.signals_added} />
              </>
            ) : (
              <Figure label="Your posts and activity kept" value={count.posts_added} />
            )}
            <Figure label="Skipped" value={count.skipped} />
          </Stack>
          {count.skipped_examples.length > 0 && (
            <Accordion disableGutters elevation={0} sx={{ mt: 1, '&:before': { display: 'none' } }}>
              <AccordionSummary expandIcon={<ExpandMore />} sx={{ px: 0 }}>
                <Typography variant="body2">
                  Why rows were skipped
                  {count.skipped > count.skipped_examples.length
                    ? ` (first ${count.skipped_examples.length} of ${n(count.skipped)})`
                    : ''}
                </Typography>
              </AccordionSummary>
              <AccordionDetails sx={{ px: 0 }}>
                <List dense disablePadding>
                  {count.skipped_examples.map((example) => (
                    <ListItem key={`${example.line}-${example.reason}`} disableGutters>
                      <ListItemText primary={`Line ${example.line}: ${example.reason}`} />
                    </ListItem>
                  ))}
                </List>
              </AccordionDetails>
            </Accordion>
          )}
        </Box>
      ))}
    </Stack>
  );
}
