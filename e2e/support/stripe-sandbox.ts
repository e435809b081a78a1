import { expect, type APIRequestContext } from '@playwright/test';

/**
 * A subscription as the local Stripe sandbox's API answers it, at the origin of its checkout
 * pages; the sandbox takes any test key.
 */
export async function sandboxSubscription(
  request: APIRequestContext,
  checkoutUrl: string,
  id: string,
): Promise<{ id: string; discounts: string[] }> {
  const response = await request.get(`${new URL(checkoutUrl).origin}/v1/subscriptions/${id}`, {
    headers: { authorization: 'Bearer sk_test_e2e' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}
