import { useEffect, useRef } from 'react';
import { useSiteLocation, useSiteNavigate } from '../navigation/navigation';
import { useSnackbar } from '../snackbar/snackbar';

export const CHECK_EMAIL_NOTICE =
  "We've sent you an e-mail about your founding spot. Please check your inbox.";

/**
 * Back from a checkout that goes on by e-mail (`/?founding=check-email`: the address has an
 * account, which a signed-out answer does not say): ask the buyer to read it, then tidy the
 * address bar.
 */
export function useCheckEmailNotice(): void {
  const { search } = useSiteLocation();
  const navigate = useSiteNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const checkEmail = new URLSearchParams(search).get('founding') === 'check-email';
  const shown = useRef(false);

  useEffect(() => {
    if (!checkEmail || shown.current) return;
    shown.current = true;
    enqueueSnackbar(CHECK_EMAIL_NOTICE, { variant: 'info' });
    navigate('/', { replace: true });
  }, [checkEmail, enqueueSnackbar, navigate]);
}
