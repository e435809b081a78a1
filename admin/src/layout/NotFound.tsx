import { useEffect } from 'react';
import type { LogEntryRequest } from '@leadpulse/common';
import { useLocation } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';

/** Tells the server about the unknown route, as the member site does; a failure is ignored. */
function logUnknownRoute(path: string) {
  void fetch('/api/logs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      timestamp: new Date().toISOString(),
      level: 'WARN',
      message: `Route not found: ${path}`,
      context: 'NotFound',
      metadata: { path },
    } satisfies LogEntryRequest),
    keepalive: true,
  }).catch(() => undefined);
}

/** The product's not-found page (admin-portal.md: 404, 'Oops! Page not found', Return to Home). */
export function NotFound() {
  const { pathname } = useLocation();
  const path = `/admin${pathname === '/' ? '' : pathname}`;

  useEffect(() => logUnknownRoute(path), [path]);

  return (
    <Box
      component="main"
      sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', px: 3 }}
    >
      <Box>
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: 72, md: 96 } }}>
          404
        </Typography>
        <Typography variant="h5" component="p" sx={{ mb: 3 }} color="text.secondary">
          Oops! Page not found
        </Typography>
        <Button href="/" variant="contained" size="large">
          Return to Home
        </Button>
      </Box>
    </Box>
  );
}
