import { Box, Button, Paper, Typography } from '@mui/material';

/** A signed-in user whose record lacks is_admin. */
export function AccessDenied() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2 }}>
      <Paper sx={{ p: 4, maxWidth: 420, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          Access Denied
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          You don&apos;t have permission to access the admin portal.
        </Typography>
        <Button variant="contained" href="/">
          Go Home
        </Button>
      </Paper>
    </Box>
  );
}
