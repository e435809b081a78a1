import { AppConfig } from '../config/app-config.js';
import { memberPlan, PAYING_USERS, SeedRefused, seedStripeTarget } from './seed-stripe.js';

const config = (env: NodeJS.ProcessEnv) =>
  AppConfig.fromEnvironment({ NODE_ENV: 'development', ...env });
const keyed = (key: string, url?: string) =>
  config({
    STRIPE_SECRET_KEY: key,
    STRIPE_PRICE_FOUNDING: 'price_founding_member',
    ...(url ? { STRIPE_API_URL: url } : {}),
  });

describe('seedStripeTarget', () => {
  it('starts the local sandbox without a key, as npm start does', () => {
    expect(seedStripeTarget(config({}), {})).toBe('data-folder-sandbox');
  });

  it('talks to a sandbox at STRIPE_API_URL, with a test key or none', () => {
    expect(seedStripeTarget(config({ STRIPE_API_URL: 'http://localhost:12111' }), {})).toBe(
      'sandbox',
    );
    expect(seedStripeTarget(keyed('sk_test_abc', 'http://localhost:12111'), {})).toBe('sandbox');
  });

  it('creates test-mode objects in a Stripe account only when told to', () => {
    expect(() => seedStripeTarget(keyed('sk_test_abc'), {})).toThrow(SeedRefused);
    expect(seedStripeTarget(keyed('sk_test_abc'), { stripeTestObjects: true })).toBe(
      'stripe-test-mode',
    );
    expect(seedStripeTarget(keyed('rk_test_abc'), { stripeTestObjects: true })).toBe(
      'stripe-test-mode',
    );
  });

  it('never runs with a live key, wherever it points', () => {
    for (const key of ['sk_live_abc', 'rk_live_abc'])
      for (const url of [undefined, 'http://localhost:12111'])
        expect(() => seedStripeTarget(keyed(key, url), { stripeTestObjects: true })).toThrow(
          /live key/,
        );
  });

  it('creates nothing in Stripe with --without-stripe', () => {
    expect(seedStripeTarget(keyed('sk_test_abc'), { withoutStripe: true })).toBe('none');
  });
});

describe('memberPlan', () => {
  const plans = Array.from({ length: 200 }, (_, index) => memberPlan(index + 1));
  const count = (predicate: (plan: NonNullable<(typeof plans)[number]>) => boolean) =>
    plans.filter((plan) => plan && predicate(plan)).length;

  it('gives 200 users every kind of paying history, and some none', () => {
    expect(plans.filter((plan) => !plan).length).toBeGreaterThan(30);
    expect(count((plan) => plan.plan === 'founding_member')).toBeGreaterThan(20);
    for (const code of ['prospector', 'networker', 'rainmaker'])
      expect(count((plan) => plan.plan === code)).toBeGreaterThan(10);
    expect(count((plan) => plan.card === 'pm_card_chargeCustomerFail')).toBeGreaterThan(10);
    expect(count((plan) => plan.ending === 'canceled')).toBeGreaterThan(5);
    expect(count((plan) => plan.ending === 'at_period_end')).toBeGreaterThan(5);
    expect(count((plan) => plan.firstPlan !== plan.plan)).toBeGreaterThan(3);
    expect(count((plan) => plan.refund === 'partial')).toBeGreaterThan(2);
    expect(count((plan) => plan.refund === 'full')).toBeGreaterThan(2);
  });

  it('lets only the first users have paid, so the sandbox stays small for any number of users', () => {
    expect(memberPlan(PAYING_USERS - 5)).toBeDefined();
    expect(
      Array.from({ length: 1_000 }, (_, index) => memberPlan(PAYING_USERS + index + 1)),
    ).toEqual(Array(1_000).fill(undefined));
  });

  it('keeps Setup Required to a few founding buyers, whatever the number of users', () => {
    const setup = Array.from({ length: 100_000 }, (_, index) => memberPlan(index + 1)).filter(
      (plan) => plan?.setupRequired,
    );
    expect(setup).toHaveLength(4);
    expect(setup.every((plan) => plan!.plan === 'founding_member')).toBe(true);
  });

  it('refunds only payments that succeeded, on subscriptions still running', () => {
    expect(
      count(
        (plan) => plan.refund !== 'none' && (plan.card.endsWith('Fail') || plan.ending !== 'none'),
      ),
    ).toBe(0);
  });
});
