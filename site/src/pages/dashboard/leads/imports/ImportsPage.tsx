import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useImportFlow } from '../../../../features/leads/useImports';
import { ApiErrorAlert } from '../ApiErrorAlert';
import { ExportSteps } from '../GetStarted';
import { CsvMappingStep } from './CsvMappingStep';
import { DropZone } from './DropZone';
import { ImportHistory } from './ImportHistory';
import { ImportRun, LabelledProgress } from './ImportRun';

/**
 * Imports: the LinkedIn export's three steps, a drop zone for its ZIP or any CSV (with the column
 * mapping for a plain CSV), the upload's and then the job's progress, what was read, added and
 * skipped, and the earlier imports.
 */
export function ImportsPage() {
  const flow = useImportFlow();
  const { state } = flow;
  const [params, setParams] = useSearchParams();
  const job = params.get('job');
  const { follow } = flow;

  // An import started elsewhere (the sample from the Leads page) is followed here.
  useEffect(() => {
    if (job) {
      follow(job);
      setParams({}, { replace: true });
    }
  }, [job, follow, setParams]);

  return (
    <>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Imports
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Bring in your LinkedIn network from the copy of your data LinkedIn gives you, or leads
          from any CSV.
        </Typography>
      </Box>
      {state.step === 'idle' && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
            alignItems: 'start',
          }}
        >
          <Stack spacing={1.5}>
            <DropZone onFile={(file) => void flow.choose(file)} />
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <Typography color="text.secondary">No export at hand?</Typography>
              <Button onClick={flow.trySample} disabled={flow.sampleStarting}>
                {flow.sampleStarting ? 'Starting…' : 'Try the sample data'}
              </Button>
            </Stack>
          </Stack>
          <Card variant="outlined" component="section" aria-labelledby="steps-title">
            <CardContent>
              <Typography id="steps-title" variant="h6" component="h2">
                Get your LinkedIn export
              </Typography>
              <ExportSteps />
            </CardContent>
          </Card>
        </Box>
      )}
      {state.step === 'reading' && <LabelledProgress label={`Reading ${state.file.name}…`} />}
      {state.step === 'mapping' && (
        <CsvMappingStep
          fileName={state.file.name}
          preview={state.preview}
          mapping={state.mapping}
          onChange={flow.setMapping}
          onImport={flow.confirmMapping}
          onCancel={flow.reset}
        />
      )}
      {state.step === 'uploading' && (
        <Card variant="outlined" component="section" aria-label="Upload">
          <CardContent>
            <LabelledProgress label={`Uploading ${state.file.name}`} value={state.percent} />
            <Button onClick={flow.cancelUpload} sx={{ mt: 1 }}>
              Cancel upload
            </Button>
          </CardContent>
        </Card>
      )}
      {state.step === 'importing' && (
        <ImportRun id={state.id} fileName={state.fileName} onAnother={flow.reset} />
      )}
      {state.step === 'failed' && (
        <Stack spacing={1}>
          <ApiErrorAlert error={state.error} />
          <Box>
            <Button variant="outlined" onClick={flow.reset}>
              Choose another file
            </Button>
          </Box>
        </Stack>
      )}
      <ImportHistory />
    </>
  );
}
