import { AppException } from '../common/app.exception.js';
import type { PromotionEntity } from './promotion.entity.js';
import { PROMOTIONS_ERRORS } from './promotions.errors.js';

export type Terms = Pick<
  PromotionEntity,
  'name' | 'code' | 'type' | 'value' | 'max_uses' | 'expires_at' | 'active'
>;
export type StripeIds = Pick<PromotionEntity, 'stripe_coupon_id' | 'stripe_promotion_code_id'>;

/** The terms of a form, checked and normalised (codes are upper case). */
export function toTerms(
  form: {
    name: string;
    code: string;
    type: PromotionEntity['type'];
    value: number;
    max_uses?: number | null;
    expires_at?: string | Date | null;
    active?: boolean;
  },
  checkExpiry = true,
): Terms {
  if (form.type === 'percentage' && form.value > 100) throw PROMOTIONS_ERRORS.percentageTooHigh();
  const expires = form.expires_at ? new Date(form.expires_at) : null;
  if (checkExpiry && expires && expires.getTime() <= Date.now())
    throw PROMOTIONS_ERRORS.expiryInPast();
  return {
    name: form.name.trim(),
    code: form.code.trim().toUpperCase(),
    type: form.type,
    value: form.value,
    max_uses: form.max_uses ?? null,
    expires_at: expires,
    active: form.active ?? true,
  };
}

/** Whether `after` changes what a Stripe promotion code cannot change, so it needs a new one. */
export function replacesCode(before: Terms, after: Terms): boolean {
  return (
    after.code !== before.code ||
    after.type !== before.type ||
    after.value !== before.value ||
    after.max_uses !== before.max_uses ||
    after.expires_at?.getTime() !== before.expires_at?.getTime()
  );
}

export const termsOf = ({
  name,
  code,
  type,
  value,
  max_uses,
  expires_at,
  active,
}: Terms): Terms => ({
  name,
  code,
  type,
  value,
  max_uses,
  expires_at,
  active,
});

/** Terms as the audit trail keeps them. */
export const snapshot = (terms: Terms) => ({
  ...terms,
  expires_at: terms.expires_at?.toISOString() ?? null,
});

/** A code Stripe already has is ours to explain; anything else is Stripe failing. */
export function stripeFailure(error: unknown): AppException {
  return (error as { code?: string }).code === 'resource_already_exists'
    ? PROMOTIONS_ERRORS.codeTaken()
    : PROMOTIONS_ERRORS.stripeFailed();
}

/** Stripe refused the request for good (a 4xx other than a busy key or a rate limit). */
export function refusedByStripe(error: unknown): boolean {
  const status = (error as { statusCode?: number }).statusCode;
  return status !== undefined && status >= 400 && status < 500 && ![409, 429].includes(status);
}

/**
 * The terms an edit changed, before and after, as the audit trail keeps them: only those, so a
 * toggle records Active alone and never fields of the row that no edit touches.
 */
export function changedTerms(
  before: Terms,
  after: Terms,
): { old_values: Record<string, unknown>; new_values: Record<string, unknown> } {
  const old = snapshot(termsOf(before)) as Record<string, unknown>;
  const next = snapshot(termsOf(after)) as Record<string, unknown>;
  const changed = Object.keys(next).filter((key) => old[key] !== next[key]);
  return {
    old_values: Object.fromEntries(changed.map((key) => [key, old[key]])),
    new_values: Object.fromEntries(changed.map((key) => [key, next[key]])),
  };
}
