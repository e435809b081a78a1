import Fastify from 'fastify';
import Stripe from 'stripe';
import type { StripeSandbox } from '../src/index.js';
import { sandboxForSuite } from './sandbox-under-test.js';
import { registerParamChecks } from '../src/sandbox-params.js';

/** The error a call fails with (the test fails if it succeeds). */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    return error as Stripe.errors.StripeError;
  }
  throw new Error('The sandbox accepted the call');
}

/** A value of the wrong type, as a caller without TypeScript's help would send it. */
const loose = <T>(value: unknown) => value as T;

describe('the Stripe sandbox refuses the parameters Stripe refuses, through the official SDK', () => {
  const suite = sandboxForSuite(
    { webhookSecret: 'whsec_params', webhookUrl: () => undefined },
    'sk_test_params',
  );
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let customer: Stripe.Customer;

  beforeAll(async () => {
    ({ sandbox, stripe } = suite);
    customer = await stripe.customers.create({
      email: 'params@example.com',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
  });

  it('answers an unknown parameter with parameter_unknown and its name', async () => {
    const error = await refusal(
      stripe.customers.create(loose<Stripe.CustomerCreateParams>({ emial: 'a@example.com' })),
    );
    expect(error).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'parameter_unknown',
      param: 'emial',
      message: 'Received unknown parameter: emial',
      doc_url: 'https://stripe.com/docs/error-codes/parameter-unknown',
    });
    expect(sandbox.objects('customer')).toHaveLength(1);
  });

  it('names a nested unknown parameter in Stripe’s brackets', async () => {
    const error = await refusal(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [loose<Stripe.SubscriptionCreateParams.Item>({ price: 'price_prospector', qty: 1 })],
      }),
    );
    expect(error).toMatchObject({ code: 'parameter_unknown', param: 'items[0][qty]' });
    expect(sandbox.objects('subscription')).toHaveLength(0);
  });

  it('answers a number that is not one with parameter_invalid_integer', async () => {
    const error = await refusal(
      stripe.coupons.create({ amount_off: loose<number>('ten'), currency: 'usd' }),
    );
    expect(error).toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'amount_off',
      message: 'Invalid integer: ten',
    });
  });

  it('refuses a value outside an enum with the values it takes', async () => {
    const error = await refusal(
      stripe.subscriptions.list({ status: loose<Stripe.SubscriptionListParams.Status>('activ') }),
    );
    expect(error.param).toBe('status');
    expect(error.message).toBe(
      'Invalid status: must be one of active, all, canceled, ended, incomplete, incomplete_expired, past_due, paused, trialing, or unpaid',
    );
    const mode = await refusal(
      stripe.checkout.sessions.create({
        customer: customer.id,
        mode: loose<Stripe.Checkout.SessionCreateParams.Mode>('subscriptions'),
        line_items: [{ price: 'price_prospector', quantity: 1 }],
        success_url: 'http://localhost:3000/ok',
      }),
    );
    expect(mode).toMatchObject({
      param: 'mode',
      message: 'Invalid mode: must be one of payment, setup, or subscription',
    });
  });

  it('refuses a boolean that is not one, and an empty value that cannot be unset', async () => {
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_prospector' }],
    });
    const boolean = await refusal(
      stripe.subscriptions.update(subscription.id, {
        cancel_at_period_end: loose<boolean>('maybe'),
      }),
    );
    expect(boolean).toMatchObject({
      param: 'cancel_at_period_end',
      message: 'Invalid boolean: maybe',
    });
    const empty = await refusal(stripe.customers.create({ balance: loose<number>('') }));
    expect(empty).toMatchObject({ code: 'parameter_invalid_empty', param: 'balance' });
  });

  it('answers a missing required parameter with parameter_missing and its name', async () => {
    const error = await refusal(
      stripe.promotionCodes.create(loose<Stripe.PromotionCodeCreateParams>({ code: 'NOPROMO' })),
    );
    expect(error).toMatchObject({
      code: 'parameter_missing',
      param: 'promotion',
      message: 'Missing required param: promotion.',
    });
    const coupon = await stripe.coupons.create({ percent_off: 10, duration: 'once' });
    const nested = await refusal(
      stripe.promotionCodes.create({
        promotion: loose<Stripe.PromotionCodeCreateParams.Promotion>({ coupon: coupon.id }),
      }),
    );
    expect(nested).toMatchObject({ code: 'parameter_missing', param: 'promotion[type]' });
  });

  it('answers an unknown price with resource_missing', async () => {
    const error = await refusal(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_nothing' }] }),
    );
    expect(error).toMatchObject({
      code: 'resource_missing',
      param: 'items[0][price]',
      message: "No such price: 'price_nothing'",
    });
    const checkout = await refusal(
      stripe.checkout.sessions.create({
        customer: customer.id,
        mode: 'subscription',
        line_items: [{ price: 'price_nothing', quantity: 1 }],
        success_url: 'http://localhost:3000/ok',
      }),
    );
    expect(checkout).toMatchObject({ code: 'resource_missing', param: 'line_items[0][price]' });
  });

  it('checks list filters too: a range bound that is no number', async () => {
    const error = await refusal(
      stripe.subscriptions.list({ created: { gt: loose<number>('yesterday') } }),
    );
    expect(error).toMatchObject({ code: 'parameter_invalid_integer', param: 'created[gt]' });
  });

  it('reads form-encoded values as their declared types, as Stripe does', async () => {
    const coupon = await stripe.coupons.create({
      percent_off: 12.5,
      duration: 'repeating',
      duration_in_months: 3,
      metadata: { campaign: 'spring', wave: 2 },
    });
    expect(coupon).toMatchObject({ percent_off: 12.5, duration_in_months: 3 });
    const page = await stripe.subscriptions.list({
      customer: customer.id,
      status: 'all',
      created: { gte: 0 },
      limit: 3,
      expand: ['data.customer'],
    });
    expect(page.data.length).toBeGreaterThan(0);
    const updated = await stripe.customers.update(customer.id, {
      metadata: { note: '' },
      preferred_locales: ['en', 'fr'],
    });
    expect(updated.id).toBe(customer.id);
  });
});

describe('the parameter types of the sandbox’s routes', () => {
  it('keeps a server with an API route of no known parameter type from starting', async () => {
    const api = Fastify();
    registerParamChecks(api);
    api.get('/v1/customers/:id', async () => ({}));
    api.post('/v1/customers/:id/frobnicate', async () => ({}));
    await expect(api.ready()).rejects.toThrow(
      'No parameter type for POST /v1/customers/:id/frobnicate',
    );
    await api.close();
  });
});
