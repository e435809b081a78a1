import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  AUTOMATION_TRIGGER_KINDS,
  SIGNAL_KINDS,
  type AutomationAction,
  type AutomationConditions,
  type AutomationRuleCreated,
  type AutomationTrigger,
  type AutomationTriggerKind,
  type LeadStage,
  type SignalKind,
} from '@leadpulse/common';
import { useRuleActions } from '../../../features/automation/useAutomation';
import { TRIGGER_LABELS } from '../../../features/automation/rule-labels';
import { SIGNAL_LABELS } from '../../../features/leads/lead-labels';
import { ApiErrorAlert } from '../leads/ApiErrorAlert';
import { RulePreview } from './RulePreview';
import { ActionRow, ANY, StageSelect } from './RuleFormParts';

/** Builds a rule from choices: what starts it, what the lead must be, what it does. */
export function RuleForm({ onCreated }: { onCreated: (rule: AutomationRuleCreated) => void }) {
  const { create, preview } = useRuleActions();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<AutomationTriggerKind>('new_signal');
  const [signalKinds, setSignalKinds] = useState<SignalKind[]>(['commented_my_post']);
  const [score, setScore] = useState('60');
  const [triggerStage, setTriggerStage] = useState<LeadStage | typeof ANY>(ANY);
  const [minScore, setMinScore] = useState('');
  const [stage, setStage] = useState<LeadStage | typeof ANY>(ANY);
  const [monitored, setMonitored] = useState<'any' | 'yes' | 'no'>('any');
  const [task, setTask] = useState({ on: true, title: 'Follow up', days: '1' });
  const [move, setMove] = useState<{ on: boolean; stage: LeadStage }>({
    on: false,
    stage: 'contacted',
  });
  const [monitor, setMonitor] = useState(false);
  const [email, setEmail] = useState<{ on: boolean; when: 'now' | 'digest' }>({
    on: false,
    when: 'digest',
  });
  const [webhook, setWebhook] = useState({ on: false, url: '' });

  const trigger = (): AutomationTrigger =>
    kind === 'new_signal'
      ? { kind, signal_kinds: signalKinds }
      : kind === 'score_crossed'
        ? { kind, score: Number(score) }
        : kind === 'stage_changed' && triggerStage
          ? { kind, stages: [triggerStage] }
          : { kind };
  const conditions = (): AutomationConditions => ({
    ...(minScore.trim() ? { min_score: Number(minScore) } : {}),
    ...(stage ? { stages: [stage] } : {}),
    ...(monitored !== 'any' ? { monitored: monitored === 'yes' } : {}),
  });
  const actions = (): AutomationAction[] => [
    ...(task.on
      ? [{ type: 'create_task' as const, title: task.title, due_in_days: Number(task.days) }]
      : []),
    ...(move.on ? [{ type: 'move_stage' as const, stage: move.stage }] : []),
    ...(monitor ? [{ type: 'monitor' as const }] : []),
    ...(email.on ? [{ type: 'email' as const, when: email.when }] : []),
    ...(webhook.on ? [{ type: 'webhook' as const, url: webhook.url.trim() }] : []),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, trigger: trigger(), conditions: conditions(), actions: actions() },
      {
        onSuccess: (rule) => {
          onCreated(rule);
          setName('');
          preview.reset();
        },
      },
    );
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          New rule
        </Typography>
        <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2 }}>
          <Stack spacing={2}>
            <TextField
              label="Rule name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              When
            </Typography>
            <TextField
              select
              label="What starts the rule"
              value={kind}
              onChange={(e) => setKind(e.target.value as AutomationTriggerKind)}
            >
              {AUTOMATION_TRIGGER_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {TRIGGER_LABELS[k]}
                </MenuItem>
              ))}
            </TextField>
            {kind === 'new_signal' && (
              <TextField
                select
                label="Signal kinds"
                value={signalKinds}
                slotProps={{
                  select: {
                    multiple: true,
                    renderValue: (value: unknown) =>
                      (value as SignalKind[]).map((k) => SIGNAL_LABELS[k]).join(', '),
                  },
                }}
                onChange={(e) => setSignalKinds(e.target.value as unknown as SignalKind[])}
              >
                {SIGNAL_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    <Checkbox checked={signalKinds.includes(k)} size="small" />
                    {SIGNAL_LABELS[k]}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {kind === 'score_crossed' && (
              <TextField
                label="Score"
                type="number"
                value={score}
                onChange={(e) => setScore(e.target.value)}
                slotProps={{ htmlInput: { min: 1, max: 100 } }}
              />
            )}
            {kind === 'stage_changed' && (
              <StageSelect label="Stage entered" value={triggerStage} onChange={setTriggerStage} />
            )}
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              If
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Minimum score"
                type="number"
                value={minScore}
                onChange={(e) => setMinScore(e.target.value)}
                slotProps={{ htmlInput: { min: 0, max: 100 } }}
                helperText="Leave empty for any score."
              />
              <StageSelect label="Lead’s stage" value={stage} onChange={setStage} />
              <TextField
                select
                label="Monitored"
                value={monitored}
                onChange={(e) => setMonitored(e.target.value as 'any' | 'yes' | 'no')}
                sx={{ minWidth: 160 }}
              >
                <MenuItem value="any">Either</MenuItem>
                <MenuItem value="yes">Monitored</MenuItem>
                <MenuItem value="no">Not monitored</MenuItem>
              </TextField>
            </Stack>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              Then
            </Typography>
            <ActionRow
              label="Create a task"
              on={task.on}
              onToggle={(on) => setTask({ ...task, on })}
            >
              <TextField
                label="Task title"
                value={task.title}
                onChange={(e) => setTask({ ...task, title: e.target.value })}
                size="small"
              />
              <TextField
                label="Due in days"
                type="number"
                value={task.days}
                onChange={(e) => setTask({ ...task, days: e.target.value })}
                size="small"
                slotProps={{ htmlInput: { min: 0, max: 365 } }}
                sx={{ width: 130 }}
              />
            </ActionRow>
            <ActionRow
              label="Move to a stage"
              on={move.on}
              onToggle={(on) => setMove({ ...move, on })}
            >
              <StageSelect
                label="Move to"
                value={move.stage}
                onChange={(value) => value && setMove({ ...move, stage: value })}
                required
              />
            </ActionRow>
            <ActionRow label="Start monitoring" on={monitor} onToggle={setMonitor} />
            <ActionRow
              label="E-mail me"
              on={email.on}
              onToggle={(on) => setEmail({ ...email, on })}
            >
              <TextField
                select
                label="When"
                size="small"
                value={email.when}
                onChange={(e) => setEmail({ ...email, when: e.target.value as 'now' | 'digest' })}
                sx={{ minWidth: 180 }}
              >
                <MenuItem value="now">Now</MenuItem>
                <MenuItem value="digest">In the daily digest</MenuItem>
              </TextField>
            </ActionRow>
            <ActionRow
              label="Call a webhook"
              on={webhook.on}
              onToggle={(on) => setWebhook({ ...webhook, on })}
            >
              <TextField
                label="Webhook address"
                placeholder="https://"
                value={webhook.url}
                onChange={(e) => setWebhook({ ...webhook, url: e.target.value })}
                size="small"
                fullWidth
              />
            </ActionRow>
            {create.error ? <ApiErrorAlert error={create.error} /> : null}
            {preview.error ? <ApiErrorAlert error={preview.error} /> : null}
            {preview.data && <RulePreview preview={preview.data} />}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                onClick={() => preview.mutate({ trigger: trigger(), conditions: conditions() })}
                disabled={preview.isPending}
              >
                Preview matching leads
              </Button>
              <Button type="submit" variant="contained" disabled={create.isPending}>
                {create.isPending ? 'Saving…' : 'Save rule'}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
