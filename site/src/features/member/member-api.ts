import type {
  CancelOwnSubscriptionRequest,
  CancellationReason,
  DeleteAccountRequest,
  MemberBilling,
  MemberExport,
  MemberPlanRequest,
  MemberRecord,
  NotificationPreferences,
  NotificationPreferencesRequest,
  OwnMemberRecord,
  PlanPreview,
  RedirectUrl,
  UpdateProfileRequest,
} from '@leadpulse/common';
import { MEMBER_PLANS, PLANS, type MemberPlan } from '@leadpulse/common';
import { api } from '../../api/client';

export type ProfileFields = Pick<
  MemberRecord,
  'first_name' | 'last_name' | 'phone' | 'company' | 'job_title'
> &
  Partial<Pick<MemberRecord, 'time_zone'>>;

export const memberApi = {
  me: () => api<OwnMemberRecord>('/me', { auth: true }),
  updateProfile: (fields: ProfileFields) =>
    api<OwnMemberRecord>('/me', {
      method: 'PATCH',
      json: fields satisfies UpdateProfileRequest,
      auth: true,
    }),
  saveNotifications: (preferences: NotificationPreferences) =>
    api<NotificationPreferences>('/me/notifications', {
      method: 'PUT',
      json: preferences satisfies NotificationPreferencesRequest,
      auth: true,
    }),
  /** Deletes the member's account for good, after their password (and two-step code when on). */
  deleteAccount: (password: string, code?: string) =>
    api<void>('/me', {
      method: 'DELETE',
      json: (code ? { password, code } : { password }) satisfies DeleteAccountRequest,
      auth: true,
    }),
  /** Everything held about the member ("Download my data"), as the server sends it. */
  exportData: () => api<MemberExport>('/me/export', { auth: true }),
  billingPortal: () => api<RedirectUrl>('/billing/portal', { method: 'POST', auth: true }),
  /** The customer portal on its payment method page (Update payment method). */
  paymentMethodPortal: () =>
    api<RedirectUrl>('/billing/portal/payment-method', { method: 'POST', auth: true }),
  /** Charges the unpaid renewal now with the card on file; answers the member's record. */
  payOverdue: () => api<OwnMemberRecord>('/me/subscription/pay', { method: 'POST', auth: true }),
  /** A Stripe Checkout for a monthly plan. */
  checkout: (plan: MemberPlan) =>
    api<RedirectUrl>('/billing/checkout', {
      method: 'POST',
      json: { plan } satisfies MemberPlanRequest,
      auth: true,
    }),
  /** What moving to `plan` would charge now (Stripe's proration); nothing changes. */
  previewPlan: (plan: MemberPlan) =>
    api<PlanPreview>(`/billing/plan/preview?plan=${encodeURIComponent(plan)}`, { auth: true }),
  changePlan: (plan: MemberPlan) =>
    api<MemberRecord>('/billing/plan', {
      method: 'POST',
      json: { plan } satisfies MemberPlanRequest,
      auth: true,
    }),
  /** The next charge, the founding move and the invoices, as Stripe holds them. */
  billing: () => api<MemberBilling>('/me/billing', { auth: true }),
  /** Ends the subscription at the end of the paid period. */
  cancelSubscription: (reason: CancellationReason, comment?: string) =>
    api<MemberBilling>('/me/subscription/cancel', {
      method: 'POST',
      json: (comment ? { reason, comment } : { reason }) satisfies CancelOwnSubscriptionRequest,
      auth: true,
    }),
  resumeSubscription: () =>
    api<MemberBilling>('/me/subscription/resume', { method: 'POST', auth: true }),
};

/** The monthly plan a founding member moves to, named by its price (Prospector unless chosen). */
export function planAt(priceCents: number): string | undefined {
  return MEMBER_PLANS.map((plan) => PLANS[plan]).find((plan) => plan.priceCents === priceCents)
    ?.name;
}

/** Whether the member pays for a subscription now (a second checkout would be a second one). */
export function isPaying(
  member: Pick<MemberRecord, 'stripe_subscription_id' | 'subscription_status'>,
) {
  return (
    !!member.stripe_subscription_id &&
    ['active', 'trialing', 'past_due', 'unpaid'].includes(member.subscription_status ?? '')
  );
}

/** The displayed name: the member record, then the sign-up name, then the e-mail's prefix, then "User". */
export function displayName(
  member: Pick<MemberRecord, 'first_name' | 'last_name'> | null | undefined,
  metadataName?: string,
  email?: string,
): string {
  const fromRecord = [member?.first_name, member?.last_name].filter(Boolean).join(' ').trim();
  return fromRecord || metadataName?.trim() || email?.split('@')[0] || 'User';
}
