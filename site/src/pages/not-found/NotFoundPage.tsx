import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { log } from '../../features/logging/log';

export function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    log('WARN', `Route not found: ${pathname}`, 'NotFound', { path: pathname });
  }, [pathname]);

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', px: 3 }}
    >
      <Box>
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: 72, md: 96 } }}>
          404
        </Typography>
        <Typography variant="h5" component="p" sx={{ mb: 3 }} color="text.secondary">
          Oops! Page not found
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" size="large">
          Return to Home
        </Button>
      </Box>
    </Box>
  );
}
