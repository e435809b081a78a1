/**
 * What the sandbox sells and accepts: the catalogue's prices (with their products and plans), its
 * test clock, its portal configuration and test cards.
 */
import type { Body, StripeObject } from './sandbox-common.js';
import { freshObject } from './sandbox-objects.js';
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

/** When the catalogue's products and prices were created (a fixed day, as for a real account). */
export const SANDBOX_CATALOGUE_CREATED = 1_735_689_600;

/** The product a catalogue price sells: `price_networker` sells `prod_networker`. */
export const productOf = (priceId: string) => priceId.replace(/^price_/, 'prod_');

/** The billing portal's configuration (the account's default one). */
export const SANDBOX_PORTAL_CONFIGURATION = 'bpc_sandbox_default';

export { TEST_CARDS } from './sandbox-cards.js';

/** A catalogue price as Stripe answers it. */
export function priceObject(id: string): StripeObject {
  const price = SANDBOX_PRICES[id];
  const fresh = freshObject('price');
  return {
    ...fresh,
    id,
    object: 'price',
    created: SANDBOX_CATALOGUE_CREATED,
    currency: 'usd',
    nickname: price.nickname,
    product: productOf(id),
    unit_amount: price.unit_amount,
    unit_amount_decimal: String(price.unit_amount),
    recurring: {
      ...(fresh.recurring as Body),
      interval: price.interval,
      interval_count: price.interval_count,
    },
  };
}

/** The product a catalogue price sells, if `id` is one. */
export function productObject(id: string): StripeObject | undefined {
  const priceId = Object.keys(SANDBOX_PRICES).find((candidate) => productOf(candidate) === id);
  if (!priceId) return undefined;
  return {
    ...freshObject('product'),
    id,
    object: 'product',
    created: SANDBOX_CATALOGUE_CREATED,
    updated: SANDBOX_CATALOGUE_CREATED,
    default_price: priceId,
    name: SANDBOX_PRICES[priceId].nickname,
  };
}

/** The plan Stripe shows beside a recurring price (the price's older form): the same fields. */
export function planOf(price: StripeObject): Body {
  const recurring = price.recurring as Body;
  return {
    ...freshObject('plan'),
    id: price.id,
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    nickname: price.nickname,
    product: price.product,
  };
}
