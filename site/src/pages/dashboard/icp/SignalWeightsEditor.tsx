import { Box, Slider, Stack, TextField, Typography } from '@mui/material';
import { SIGNAL_KINDS, type Icp, type IcpProblem } from '@leadpulse/common';
import { SIGNAL_LABELS } from '../../../features/leads/lead-labels';
import { problemOf } from '../../../features/scoring/icp-form';

interface Props {
  icp: Icp;
  problems: IcpProblem[];
  onChange(change: Partial<Icp>): void;
}

const numberOr = (text: string, fallback: number) => (text === '' ? fallback : Number(text));

/** Intent's settings: each signal's weight, how fast signals fade, and Fit's share of the score. */
export function SignalWeightsEditor({ icp, problems, onChange }: Props) {
  const fitPercent = Math.round(icp.fit_share * 100);
  return (
    <Stack spacing={3}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
        }}
      >
        {SIGNAL_KINDS.map((kind) => (
          <TextField
            key={kind}
            type="number"
            size="small"
            label={SIGNAL_LABELS[kind]}
            value={icp.signal_weights[kind]}
            onChange={(event) =>
              onChange({
                signal_weights: {
                  ...icp.signal_weights,
                  [kind]: numberOr(event.target.value, NaN),
                },
              })
            }
            error={Boolean(problemOf(problems, `signal_weights.${kind}`))}
            helperText={problemOf(problems, `signal_weights.${kind}`)}
            slotProps={{ htmlInput: { min: 0, max: 100, step: 1 } }}
          />
        ))}
      </Box>
      <TextField
        type="number"
        label="Half-life in days"
        value={Number.isNaN(icp.half_life_days) ? '' : icp.half_life_days}
        onChange={(event) => onChange({ half_life_days: numberOr(event.target.value, NaN) })}
        error={Boolean(problemOf(problems, 'half_life_days'))}
        helperText={
          problemOf(problems, 'half_life_days') ??
          'A signal counts half as much after this many days.'
        }
        slotProps={{ htmlInput: { min: 1, max: 365, step: 1 } }}
        sx={{ maxWidth: 240 }}
      />
      <Box sx={{ maxWidth: 420, px: 4 }}>
        <Typography id="fit-share-label" gutterBottom>
          Score: {fitPercent}% fit, {100 - fitPercent}% intent
        </Typography>
        <Slider
          aria-labelledby="fit-share-label"
          value={fitPercent}
          min={0}
          max={100}
          step={5}
          marks={[
            { value: 0, label: 'Intent only' },
            { value: 100, label: 'Fit only' },
          ]}
          getAriaValueText={(value) => `${value}% fit`}
          onChange={(_event, value) => onChange({ fit_share: (value as number) / 100 })}
        />
      </Box>
    </Stack>
  );
}
