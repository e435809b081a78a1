import { useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import type { AutomationRuleCreated } from '@leadpulse/common';
import { RuleForm } from './RuleForm';
import { SecretNotice } from './RuleFormParts';
import { RulesList } from './RulesList';
import { RunsList } from './RunsList';

/**
 * Automation: rules built from choices (when, if, then), a preview of the leads they would
 * match, and each run with what it did. Rules act only inside LeadPulse and on the member's own
 * webhooks, never on LinkedIn.
 */
export function AutomationPage() {
  const [created, setCreated] = useState<AutomationRuleCreated | null>(null);
  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Automation
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Rules act for you inside LeadPulse when something happens to a lead: create a task, move
          it along the pipeline, start monitoring it, e-mail you or call your webhook. Each rule
          runs at most once a day per lead, and nothing is ever done on LinkedIn.
        </Typography>
      </Box>
      {created && <SecretNotice rule={created} onClose={() => setCreated(null)} />}
      <Box component="section" aria-labelledby="rules-heading">
        <Typography id="rules-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
          Your rules
        </Typography>
        <RulesList />
      </Box>
      <RuleForm onCreated={setCreated} />
      <Box component="section" aria-labelledby="runs-heading">
        <Typography id="runs-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
          Recent runs
        </Typography>
        <RunsList />
      </Box>
    </Stack>
  );
}
