import { useEffect, useRef } from 'react';
import { useSiteLocation, useSiteNavigate } from '../navigation/navigation';
import { useSnackbar } from '../snackbar/snackbar';
import { foundingApi } from './founding-api';

/**
 * Back from a cancelled checkout (`/?founding=cancelled&reservation=…`): free the spot at once
 * and say so, then tidy the address bar.
 */
export function useCancelledCheckout(): void {
  const { search } = useSiteLocation();
  const navigate = useSiteNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const params = new URLSearchParams(search);
  const reservation = params.get('founding') === 'cancelled' ? params.get('reservation') : null;
  const handled = useRef<string | null>(null);

  useEffect(() => {
    // Once per reservation, however often the page renders before the address bar is tidied.
    if (!reservation || handled.current === reservation) return;
    handled.current = reservation;
    foundingApi
      .cancel(reservation)
      .catch(() => undefined)
      .finally(() => {
        enqueueSnackbar('Checkout cancelled. Your founding spot has been released.', {
          variant: 'info',
        });
        navigate('/', { replace: true });
      });
  }, [reservation, enqueueSnackbar, navigate]);
}
