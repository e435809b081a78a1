import { stripeCustomerUrl } from './stripe-dashboard.js';

describe('stripeCustomerUrl', () => {
  const stripe = { apiUrl: 'https://api.stripe.com', secretKey: 'sk_live_x' };

  it("opens Stripe's test-mode pages for a test key and the live ones for a live key", () => {
    expect(stripeCustomerUrl({ ...stripe, secretKey: 'sk_test_x' }, 'cus_1')).toBe(
      'https://dashboard.stripe.com/test/customers/cus_1',
    );
    expect(stripeCustomerUrl({ ...stripe, secretKey: 'rk_test_x' }, 'cus_1')).toBe(
      'https://dashboard.stripe.com/test/customers/cus_1',
    );
    expect(stripeCustomerUrl(stripe, 'cus_1')).toBe('https://dashboard.stripe.com/customers/cus_1');
  });

  it("opens the local sandbox's own page for its customers, and nothing without a customer", () => {
    expect(
      stripeCustomerUrl({ apiUrl: 'http://127.0.0.1:12111', secretKey: undefined }, 'cus_1'),
    ).toBe('http://127.0.0.1:12111/customers/cus_1');
    expect(stripeCustomerUrl(stripe, null)).toBeNull();
  });
});
