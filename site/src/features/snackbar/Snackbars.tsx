import { useEffect, useRef } from 'react';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, enqueueSnackbar } from 'notistack';
import type { Snack } from './snackbar';

/**
 * notistack's own colours put white text on #43a047, #2196f3 and #ff9800 (2.2 to 3.3:1); the
 * theme's shades read at 4.8:1 or more.
 */
const Content = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main },
}));

const COMPONENTS = { success: Content, error: Content, warning: Content, info: Content };

/** notistack, showing each message the host has been sent, once. */
export function Snackbars({ snacks }: { snacks: Snack[] }) {
  const shown = useRef(0);
  useEffect(() => {
    for (const { message, variant } of snacks.slice(shown.current))
      enqueueSnackbar(message, { variant });
    shown.current = snacks.length;
  }, [snacks]);
  return (
    <SnackbarProvider
      maxSnack={3}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={COMPONENTS}
    />
  );
}
