import { List, ListItem, ListItemText, Typography, Box } from '@mui/material';
import type { AutomationPreview } from '@leadpulse/common';
import { leadName } from '../../../features/leads/lead-labels';

/** The current leads a rule would match: the count and the ten with the highest scores. */
export function RulePreview({ preview }: { preview: AutomationPreview }) {
  return (
    <Box role="region" aria-label="Preview" sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 2 }}>
      <Typography sx={{ fontWeight: 700 }}>
        {preview.count === 0
          ? 'No current lead matches this rule.'
          : preview.count === 1
            ? '1 current lead matches this rule.'
            : `${preview.count.toLocaleString('en-US')} current leads match this rule.`}
      </Typography>
      {preview.leads.length > 0 && (
        <List dense>
          {preview.leads.map((lead) => (
            <ListItem key={lead.id} disableGutters>
              <ListItemText
                primary={leadName(lead)}
                secondary={[lead.position, lead.company, `score ${lead.score}`]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
