import {
  Box,
  Button,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import {
  ICP_FIELDS,
  ICP_FIELD_LABELS,
  ICP_LIMITS,
  SENIORITIES,
  SENIORITY_LABELS,
  type IcpCriterion,
  type IcpField,
  type IcpProblem,
  type Seniority,
} from '@leadpulse/common';
import { newCriterion, problemOf } from '../../../features/scoring/icp-form';
import { ValuesInput } from './ValuesInput';

const FIELD_HELP: Record<IcpField, string> = {
  title: 'Words in the job title, e.g. VP, Head of Sales.',
  seniority: 'Read from the title: founder, c-level, vp, head, director…',
  company: 'Company names.',
  industry_keywords: 'Words in the headline, title or company, e.g. SaaS, fintech.',
  location: 'Cities, regions or countries.',
};

interface Props {
  criteria: IcpCriterion[];
  problems: IcpProblem[];
  onChange(criteria: IcpCriterion[]): void;
}

/** The criteria of Fit: a field, the values that match it, and how much a match weighs. */
export function CriteriaEditor({ criteria, problems, onChange }: Props) {
  const set = (i: number, change: Partial<IcpCriterion>) =>
    onChange(criteria.map((c, j) => (j === i ? { ...c, ...change } : c)));
  return (
    <Stack spacing={2}>
      {criteria.length === 0 && (
        <Typography color="text.secondary">
          No criteria: every lead's Fit is 0 and the score comes from engagement alone.
        </Typography>
      )}
      {criteria.map((criterion, i) => (
        <Paper
          key={i}
          variant="outlined"
          component="fieldset"
          aria-label={`Criterion ${i + 1}`}
          sx={{ p: 2, m: 0 }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Field"
              value={criterion.field}
              onChange={(event) => set(i, { field: event.target.value as IcpField, values: [] })}
              sx={{ minWidth: 160 }}
            >
              {ICP_FIELDS.map((field) => (
                <MenuItem key={field} value={field}>
                  {ICP_FIELD_LABELS[field]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Weight"
              value={criterion.weight}
              onChange={(event) => set(i, { weight: Number(event.target.value) })}
              sx={{ minWidth: 100 }}
            >
              {[1, 2, 3, 4, 5].map((weight) => (
                <MenuItem key={weight} value={weight}>
                  {weight}
                </MenuItem>
              ))}
            </TextField>
            <Box sx={{ flex: 1 }} />
            <IconButton
              aria-label={`Remove criterion ${i + 1}`}
              onClick={() => onChange(criteria.filter((_, j) => j !== i))}
              sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
            >
              <DeleteOutline />
            </IconButton>
          </Stack>
          <Box sx={{ mt: 2 }}>
            <ValuesInput
              label={`${ICP_FIELD_LABELS[criterion.field]} values`}
              values={criterion.values}
              onChange={(values) => set(i, { values })}
              options={criterion.field === 'seniority' ? SENIORITIES : []}
              optionLabel={
                criterion.field === 'seniority'
                  ? (value) => SENIORITY_LABELS[value as Seniority] ?? value
                  : undefined
              }
              error={problemOf(problems, `criteria.${i}`)}
              helperText={FIELD_HELP[criterion.field]}
            />
          </Box>
        </Paper>
      ))}
      <Button
        startIcon={<Add />}
        onClick={() => onChange([...criteria, newCriterion(criteria)])}
        disabled={criteria.length >= ICP_LIMITS.criteria}
        sx={{ alignSelf: 'flex-start' }}
      >
        Add a criterion
      </Button>
    </Stack>
  );
}
