import { useCallback, useEffect, useState } from 'react';
import type { AuthFactor } from '@leadpulse/common';
import { authApi } from './auth-api';
import { sessionClient } from './session';

/** The member's verified two-step factors, read from the server (null while loading). */
export function useTwoStepFactors() {
  const [factors, setFactors] = useState<AuthFactor[] | null>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    try {
      const user = await authApi.user();
      setFactors(user.factors);
      setFailed(false);
      // The stored session's user lists its factors too.
      if (sessionClient.session) sessionClient.updateUser(user);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { factors, failed, reload };
}
