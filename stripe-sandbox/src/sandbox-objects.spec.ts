import { freshObject, TEMPLATE_KINDS } from './sandbox-objects.js';
import { STRIPE_FIXTURES } from './stripe-fixtures.js';

/** Every leaf of an object with its dotted path. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, field]) =>
      leaves(field, path ? `${path}.${key}` : key),
    );
  return [[path, value]];
}

describe('the templates of new objects', () => {
  it.each(TEMPLATE_KINDS)(
    '%s holds no id, link, stamp or placeholder of Stripe’s example',
    (kind) => {
      const leaked = leaves(freshObject(kind)).filter(
        ([path, value]) =>
          (typeof value === 'string' &&
            (/_[A-Za-z0-9]*\d[A-Za-z0-9]*$|:\/\/|@/.test(value) ||
              value === path.split('.').at(-1))) ||
          (typeof value === 'number' && value > 1_000) ||
          (path.endsWith('livemode') && value !== false),
      );
      expect(leaked).toEqual([]);
    },
  );

  it('gives a new subscription no pending update, transfer or schedule of the example', () => {
    expect(STRIPE_FIXTURES.subscription.pending_update).not.toBeNull();
    expect(freshObject('subscription')).toMatchObject({
      pending_update: null,
      transfer_data: null,
      schedule: null,
      cancel_at: null,
      cancel_at_period_end: false,
      collection_method: 'charge_automatically',
      livemode: false,
      metadata: {},
      object: 'subscription',
    });
  });

  it('gives a new checkout session no buyer, and a portal session no flow', () => {
    expect(freshObject('checkout.session')).toMatchObject({
      customer_details: null,
      collected_information: null,
      payment_intent: null,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    });
    expect(freshObject('billing_portal.session')).toMatchObject({ flow: null, livemode: false });
  });

  it('drops what Stripe’s current API no longer has, and copies, never shares, a template', () => {
    expect(freshObject('invoice')).not.toHaveProperty('subscription');
    const first = freshObject('customer');
    (first.metadata as Record<string, string>).changed = 'yes';
    expect(freshObject('customer').metadata).toEqual({});
  });

  it('refuses a kind it has no template for', () => {
    expect(() => freshObject('payout')).toThrow('no template for payout');
  });
});
