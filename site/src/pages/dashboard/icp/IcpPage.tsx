import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { defaultIcp, icpProblems, type Icp, type IcpAnswer } from '@leadpulse/common';
import { icpOf, isChanged, problemOf } from '../../../features/scoring/icp-form';
import { useIcp, useIcpPreview, useSaveIcp } from '../../../features/scoring/useIcp';
import { ApiErrorAlert } from '../leads/ApiErrorAlert';
import { CriteriaEditor } from './CriteriaEditor';
import { IcpPreviewPanel } from './IcpPreviewPanel';
import { SignalWeightsEditor } from './SignalWeightsEditor';
import { ValuesInput } from './ValuesInput';

function Rescoring({ answer }: { answer: IcpAnswer }) {
  const { status, progress } = answer.rescoring;
  if (status === 'queued' || status === 'running')
    return (
      <Box role="status">
        <Typography variant="body2">Rescoring your leads… {progress}%</Typography>
        <LinearProgress variant="determinate" value={progress} aria-label="Rescoring progress" />
      </Box>
    );
  if (status === 'failed')
    return (
      <Alert severity="error">Rescoring your leads did not finish. Save again to retry.</Alert>
    );
  if (status === 'done')
    return (
      <Typography role="status" variant="body2" color="success.main">
        Every lead is scored with this profile.
      </Typography>
    );
  return null;
}

function Section({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  const id = `icp-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {text}
      </Typography>
      {children}
    </Paper>
  );
}

function IcpForm({ answer }: { answer: IcpAnswer }) {
  const saved = icpOf(answer);
  const [icp, setIcp] = useState<Icp>(saved);
  const problems = icpProblems(icp);
  const preview = useIcpPreview(icp);
  const save = useSaveIcp();
  const change = (part: Partial<Icp>) => setIcp((current) => ({ ...current, ...part }));
  const changed = isChanged(saved, icp);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        // minmax(0, …): a long unbroken name in the preview must not widen the page.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <Rescoring answer={answer} />
        {answer.is_default && (
          <Alert severity="info">
            You start from a profile of decision-makers (founders, C-level, VPs, heads and
            directors). Make it yours and save.
          </Alert>
        )}
        <Section
          title="Criteria"
          text="Fit is the share of the criteria's weights that a lead matches. A value matches whole words, whatever the case or accents."
        >
          <CriteriaEditor
            criteria={icp.criteria}
            problems={problems}
            onChange={(criteria) => change({ criteria })}
          />
        </Section>
        <Section
          title="Excluded"
          text="A lead whose title, headline or company holds one of these gets Fit 0."
        >
          <ValuesInput
            label="Excluded values"
            values={icp.excluded}
            onChange={(excluded) => change({ excluded })}
            error={problemOf(problems, 'excluded')}
          />
        </Section>
        <Section
          title="Signals"
          text="Intent adds each signal's weight (0–100), fading with age; it is capped at 100."
        >
          <SignalWeightsEditor icp={icp} problems={problems} onChange={change} />
        </Section>
        {save.isError && <ApiErrorAlert error={save.error} />}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            disabled={!changed || problems.length > 0 || save.isPending}
            onClick={() => save.mutate(icp)}
          >
            Save and rescore
          </Button>
          <Button disabled={!changed} onClick={() => setIcp(saved)}>
            Discard changes
          </Button>
          <Button onClick={() => setIcp(defaultIcp())}>Start from the default</Button>
        </Stack>
      </Stack>
      <IcpPreviewPanel
        preview={preview.data}
        loading={preview.isFetching}
        error={preview.error}
        invalid={problems.length > 0}
      />
    </Box>
  );
}

/** The ideal customer profile: what Fit and Intent count, with a live preview of the ranking. */
export function IcpPage() {
  const icp = useIcp();
  return (
    <>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Ideal customer
        </Typography>
        <Typography color="text.secondary">
          Describe who you sell to. Every lead's score follows this profile; the preview shows the
          ranking as you edit.
        </Typography>
      </Box>
      {icp.isPending ? (
        <Skeleton variant="rounded" height={360} />
      ) : icp.isError ? (
        <ApiErrorAlert error={icp.error} onRetry={() => void icp.refetch()} />
      ) : (
        <IcpForm key={icp.data.rescoring.started_at ?? 'default'} answer={icp.data} />
      )}
    </>
  );
}
