/** What the sandbox sells and accepts: the catalogue's prices, its test clock and test cards. */
import type { PagePrice } from './sandbox-pages.js';

/** The catalogue's prices as the sandbox knows them (ids are configurable in the backend). */
export const SANDBOX_PRICES: Record<string, PagePrice & { interval: 'month' }> = {
  price_founding_member: {
    unit_amount: 5_000,
    interval: 'month',
    interval_count: 3,
    nickname: 'Founding Member',
  },
  price_prospector: {
    unit_amount: 7_500,
    interval: 'month',
    interval_count: 1,
    nickname: 'Prospector',
  },
  price_networker: {
    unit_amount: 14_500,
    interval: 'month',
    interval_count: 1,
    nickname: 'Networker',
  },
  price_rainmaker: {
    unit_amount: 19_900,
    interval: 'month',
    interval_count: 1,
    nickname: 'Rainmaker',
  },
};

/** The sandbox's one test clock. */
export const SANDBOX_CLOCK_ID = 'clock_sandbox';

/** Stripe's test payment methods: a card that pays, and one attached fine that declines charges. */
export const TEST_CARDS: Record<string, { brand: string; last4: string; declines: boolean }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', declines: false },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', declines: false },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', declines: true },
};
