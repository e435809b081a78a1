import type { AppConfig } from '../config/app-config.js';

/**
 * Where View in Stripe opens a customer: Stripe's dashboard (its test-mode pages under `/test/`
 * for a test key), or, with the local sandbox standing in for Stripe, the sandbox's own page.
 */
export function stripeCustomerUrl(
  stripe: Pick<AppConfig['stripe'], 'apiUrl' | 'secretKey'>,
  customerId: string | null,
): string | null {
  if (!customerId) return null;
  const id = encodeURIComponent(customerId);
  const api = new URL(stripe.apiUrl);
  if (api.hostname !== 'api.stripe.com') return new URL(`/customers/${id}`, api).toString();
  const test = /^(sk|rk)_test_/.test(stripe.secretKey ?? '');
  return `https://dashboard.stripe.com/${test ? 'test/' : ''}customers/${id}`;
}
