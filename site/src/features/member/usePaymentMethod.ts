import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatUsd, getPlan, type OwnMemberRecord } from '@leadpulse/common';
import { ApiError } from '../../api/client';
import { memberApi } from './member-api';

/** Where the "Your payment failed" e-mail and the banner lead: Settings, opening the portal. */
export const UPDATE_PAYMENT_METHOD_PATH =
  '/dashboard/settings?tab=subscription&action=update-payment-method';

export const PORTAL_FAILED = 'We could not open the payment page. Please try again.';

/** The plan a payment issue is about, by name ("Prospector"). */
export const paymentPlanName = (member: Pick<OwnMemberRecord, 'subscription_plan'>) =>
  getPlan(member.subscription_plan).name;

/**
 * Update payment method: asks for the customer portal's payment method page and goes there.
 * Stripe sends the member back to Settings (`payment_method=updated`) once the card is saved.
 */
export function useUpdatePaymentMethod() {
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string>();
  const open = useCallback(async () => {
    setOpening(true);
    setError(undefined);
    try {
      const { url } = await memberApi.paymentMethodPortal();
      window.location.assign(url);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.code === 'no_billing_account'
          ? caught.message
          : PORTAL_FAILED,
      );
      setOpening(false);
    }
  }, []);
  return { open, opening, error };
}

export interface PaymentNotice {
  severity: 'success' | 'error' | 'info';
  text: string;
}

/** Removes a parameter from the address, in place. */
function useDropParam() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (name: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
}

/**
 * Settings → Subscription's part of the flow. Arriving with `action=update-payment-method` (the
 * e-mail's link, after sign-in) opens the portal at once. Back from it with
 * `payment_method=updated`, the unpaid renewal is charged to the new card right away rather than
 * at Stripe's next retry; the answer replaces the member's record, so the banner goes when it paid.
 */
export function usePaymentMethodFlow(
  member: OwnMemberRecord,
  setMember: (member: OwnMemberRecord) => void,
) {
  const [params] = useSearchParams();
  const dropParam = useDropParam();
  const update = useUpdatePaymentMethod();
  const action = params.get('action');
  // What the way back asks for, as it was on arrival: the parameter goes at once.
  const [arrival] = useState(() =>
    params.get('payment_method') !== 'updated'
      ? undefined
      : member.payment_issue
        ? ('pay' as const)
        : ('updated' as const),
  );
  const [paid, setPaid] = useState<PaymentNotice>();
  /** Each arrival acts once (React runs effects twice in development). */
  const handled = useRef({ open: false, pay: false });
  const { open } = update;
  const amount = member.payment_issue && formatUsd(member.payment_issue.amount_cents);

  useEffect(() => {
    if (action !== 'update-payment-method' || handled.current.open) return;
    handled.current.open = true;
    dropParam('action');
    void open();
  }, [action, dropParam, open]);

  useEffect(() => {
    if (!arrival || handled.current.pay) return;
    handled.current.pay = true;
    dropParam('payment_method');
    if (arrival !== 'pay') return;
    memberApi
      .payOverdue()
      .then((answer) => {
        setMember(answer);
        setPaid({
          severity: 'success',
          text: `Thank you! Your payment of ${amount} went through.`,
        });
      })
      .catch(async (caught: unknown) => {
        // Paid meanwhile (Stripe's own retry): nothing left to charge.
        if (caught instanceof ApiError && caught.code === 'no_payment_due') {
          await memberApi.me().then(setMember, () => undefined);
          setPaid({ severity: 'success', text: 'Your payment method was updated.' });
          return;
        }
        setPaid({
          severity: 'error',
          text:
            caught instanceof ApiError
              ? caught.message
              : 'We could not take the payment. Please try again.',
        });
      });
  }, [arrival, amount, dropParam, setMember]);

  const notice: PaymentNotice | undefined =
    arrival === 'updated'
      ? { severity: 'success', text: 'Your payment method was updated.' }
      : paid;
  return { update, paying: arrival === 'pay' && !paid, notice };
}
