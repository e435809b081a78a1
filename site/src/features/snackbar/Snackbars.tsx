import { useEffect, useRef } from 'react';
import { SnackbarProvider, enqueueSnackbar } from 'notistack';
import type { Snack } from './snackbar';

/** notistack, showing each message the host has been sent, once. */
export function Snackbars({ snacks }: { snacks: Snack[] }) {
  const shown = useRef(0);
  useEffect(() => {
    for (const { message, variant } of snacks.slice(shown.current))
      enqueueSnackbar(message, { variant });
    shown.current = snacks.length;
  }, [snacks]);
  return (
    <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} />
  );
}
