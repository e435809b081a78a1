import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';

/** The page an e-mailed link opens: one card in the middle of the screen. */
export function LinkPage({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2 }}>
      <Paper sx={{ p: 4, maxWidth: 480, width: '100%' }}>{children}</Paper>
    </Box>
  );
}

/** A link that could not be used: what it was for, why, the way forward if any, and the way home. */
export function LinkFailed({
  title,
  error,
  children,
}: {
  title: string;
  error: string;
  children?: ReactNode;
}) {
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Alert severity="error">{error}</Alert>
      {children}
      <Button component={RouterLink} to="/" variant={children ? 'text' : 'contained'}>
        Back to home
      </Button>
    </Stack>
  );
}

/** A link being acted on. */
export function LinkWorking({ label }: { label: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <CircularProgress aria-label={label} />
      <Typography>{label}</Typography>
    </Stack>
  );
}
