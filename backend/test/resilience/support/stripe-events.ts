import Stripe from 'stripe';
import { TEST_WEBHOOK_SECRET } from '../../support/test-app.js';

const signer = new Stripe('sk_test_resilience');

/** A Stripe event with `id` (no handler acts on its type) and its signature header. */
export function signedBalanceEvent(id: string): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-03-31.basil',
    created: Math.floor(Date.now() / 1000),
    type: 'balance.available',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { object: 'balance', available: [], pending: [] } },
  });
  return {
    payload,
    signature: signer.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET }),
  };
}

/** POSTs a signed event to a backend's Stripe webhook endpoint. */
export function deliverEvent(url: string, id: string): Promise<Response> {
  const { payload, signature } = signedBalanceEvent(id);
  return fetch(`${url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}
