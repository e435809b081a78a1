import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  CardContent,
  Link,
  Stack,
  Step,
  StepContent,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import OpenInNew from '@mui/icons-material/OpenInNew';

export const LINKEDIN_EXPORT_PAGE = 'https://www.linkedin.com/mypreferences/d/download-my-data';

/** The three steps to get the LinkedIn data export. */
export function ExportSteps() {
  return (
    <Stepper orientation="vertical" nonLinear activeStep={-1} component="ol" sx={{ pl: 0 }}>
      <Step active component="li">
        <StepLabel>Ask LinkedIn for a copy of your data</StepLabel>
        <StepContent>
          <Typography variant="body2" color="text.secondary">
            On LinkedIn, open{' '}
            <Link href={LINKEDIN_EXPORT_PAGE} target="_blank" rel="noopener noreferrer">
              Settings &amp; Privacy → Data privacy → Get a copy of your data
              <OpenInNew sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'middle' }} aria-hidden />
            </Link>
            .
          </Typography>
        </StepContent>
      </Step>
      <Step active component="li">
        <StepLabel>Choose what to download</StepLabel>
        <StepContent>
          <Typography variant="body2" color="text.secondary">
            Pick the larger archive, or at least Connections, Messages and Invitations, then Request
            archive.
          </Typography>
        </StepContent>
      </Step>
      <Step active component="li">
        <StepLabel>Bring the ZIP here</StepLabel>
        <StepContent>
          <Typography variant="body2" color="text.secondary">
            LinkedIn e-mails you a download link, usually within minutes for connections and within
            a day for everything. Upload the ZIP as it is: we read only your connections, messages,
            invitations, endorsements, recommendations and your own posts.
          </Typography>
        </StepContent>
      </Step>
    </Stepper>
  );
}

/** A new member's one clear start: the LinkedIn export, a CSV, or the sample. */
export function GetStarted({
  onTrySample,
  sampleStarting,
}: {
  onTrySample(): void;
  sampleStarting?: boolean;
}) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="get-started-title">
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="get-started-title" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Bring your network in
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
          Your leads come from data you own: the export LinkedIn gives you, or a CSV from your CRM
          or a spreadsheet. We never ask for your LinkedIn password and never visit LinkedIn for
          you.
        </Typography>
        <Box sx={{ maxWidth: 640 }}>
          <ExportSteps />
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
          <Button variant="contained" component={RouterLink} to="/dashboard/imports">
            Import your LinkedIn export
          </Button>
          <Button variant="outlined" component={RouterLink} to="/dashboard/imports">
            Upload a CSV
          </Button>
          <Button variant="text" onClick={onTrySample} disabled={sampleStarting}>
            {sampleStarting ? 'Starting…' : 'Try the sample data'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
