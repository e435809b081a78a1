import { useCallback, useEffect, useState } from 'react';
import type { CancellationReason, MemberBilling } from '@leadpulse/common';
import { ApiError } from '../../api/client';
import { memberApi } from './member-api';

export const BILLING_LOAD_FAILED = 'We could not load your billing details. Please try again.';

/**
 * The member's billing (Settings → Subscription): loaded once, replaced by the answer of a
 * cancel or resume, which is the same shape. Cancel and resume throw their error for the caller
 * to show.
 */
export function useBilling(onChanged?: () => Promise<void>) {
  const [billing, setBilling] = useState<MemberBilling>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stale = false;
    memberApi.billing().then(
      (answer) => !stale && setBilling(answer),
      () => !stale && setFailed(true),
    );
    return () => {
      stale = true;
    };
  }, []);

  /** Try again, after a failed load. */
  const load = useCallback(async () => {
    setFailed(false);
    try {
      setBilling(await memberApi.billing());
    } catch {
      setFailed(true);
    }
  }, []);

  const apply = async (answer: Promise<MemberBilling>) => {
    setBilling(await answer);
    await onChanged?.();
  };

  return {
    billing,
    failed,
    reload: load,
    cancel: (reason: CancellationReason, comment?: string) =>
      apply(memberApi.cancelSubscription(reason, comment)),
    resume: () => apply(memberApi.resumeSubscription()),
  };
}

/** An API error's own message, or a fallback for anything else. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
