import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { SnackbarContext, type Snack, type SnackbarValue } from './snackbar';

const Snackbars = lazy(() =>
  import('./Snackbars').then((module) => ({ default: module.Snackbars })),
);

/**
 * The site's snackbars. notistack loads with the first message, so a visit that shows none (most
 * of the landing page's) never downloads it; messages sent meanwhile wait for it, in order.
 */
export function SnackbarHost({ children }: { children: ReactNode }) {
  const [snacks, setSnacks] = useState<Snack[]>([]);
  const value = useMemo<SnackbarValue>(
    () => ({
      enqueueSnackbar: (message, options) =>
        setSnacks((sent) => [...sent, { message, variant: options?.variant ?? 'default' }]),
    }),
    [],
  );
  return (
    <SnackbarContext.Provider value={value}>
      {children}
      {snacks.length > 0 && (
        <Suspense fallback={null}>
          <Snackbars snacks={snacks} />
        </Suspense>
      )}
    </SnackbarContext.Provider>
  );
}
