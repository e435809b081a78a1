import { useCallback, useEffect, useState } from 'react';
import type { AuthFactor, AuthUser } from '@leadpulse/common';
import { authApi } from './auth-api';
import { sessionClient } from './session';

/** The member's verified two-step factors, read from the server (null while loading). */
export function useTwoStepFactors() {
  const [factors, setFactors] = useState<AuthFactor[] | null>(null);
  const [failed, setFailed] = useState(false);

  const apply = useCallback((user: AuthUser) => {
    setFactors(user.factors);
    setFailed(false);
    // The stored session's user lists its factors too.
    if (sessionClient.session) sessionClient.updateUser(user);
  }, []);

  useEffect(() => {
    let stale = false;
    authApi.user().then(
      (user) => !stale && apply(user),
      () => !stale && setFailed(true),
    );
    return () => {
      stale = true;
    };
  }, [apply]);

  const reload = useCallback(async () => {
    try {
      apply(await authApi.user());
    } catch {
      setFailed(true);
    }
  }, [apply]);

  return { factors, failed, reload };
}
