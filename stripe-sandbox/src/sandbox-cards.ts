/**
 * Stripe's test cards, by payment method token and by card number, as its testing docs list them:
 * cards that pay, cards that the issuer declines (each with its `decline_code`, and which cannot be
 * attached to a customer), and 0341, which attaches fine and then declines every charge.
 */
import type { Body } from './sandbox-common.js';

/** How the issuer declines a card: Stripe's error code, decline code and message. */
export interface Decline {
  code: 'card_declined';
  decline_code: string;
  message: string;
  /** The charge's `outcome.seller_message`. */
  seller_message: string;
}

export interface TestCard {
  brand: string;
  last4: string;
  number: string;
  /** How its charges fail, if they do. */
  declines?: Decline;
  /** Declined already when attached to a customer (Stripe checks the card then). */
  declinesOnAttach?: boolean;
}

const GENERIC: Decline = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
  seller_message: 'The bank did not return any further details with this decline.',
};

const INSUFFICIENT_FUNDS: Decline = {
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
  seller_message: 'The bank returned the decline code `insufficient_funds`.',
};

export const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242', number: '4242424242424242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', number: '5555555555554444' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    number: '4000000000000002',
    declines: GENERIC,
    declinesOnAttach: true,
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    number: '4000000000009995',
    declines: INSUFFICIENT_FUNDS,
    declinesOnAttach: true,
  },
  pm_card_chargeCustomerFail: {
    brand: 'visa',
    last4: '0341',
    number: '4000000000000341',
    declines: GENERIC,
  },
};

/** The token of a test card named by its token or its number (spaces allowed), if it is one. */
export function testCardToken(tokenOrNumber: unknown): string | undefined {
  if (typeof tokenOrNumber !== 'string') return undefined;
  if (TEST_CARDS[tokenOrNumber]) return tokenOrNumber;
  const digits = tokenOrNumber.replace(/\s/g, '');
  return Object.keys(TEST_CARDS).find((token) => TEST_CARDS[token].number === digits);
}

/** A charge's `outcome` when the network approved it, and when the issuer declined it. */
export function chargeOutcome(decline: Decline | undefined): Body {
  const approved = {
    advice_code: null,
    network_advice_code: null,
    network_decline_code: null,
    network_status: 'approved_by_network',
    reason: null,
    risk_level: 'normal',
    seller_message: 'Payment complete.',
    type: 'authorized',
  };
  if (!decline) return approved;
  return {
    ...approved,
    network_status: 'declined_by_network',
    reason: decline.decline_code,
    seller_message: decline.seller_message,
    type: 'issuer_declined',
  };
}

/** Stripe's `card_error` for a declined card, with the ids Stripe adds to it. */
export function cardError(decline: Decline, ids: Body = {}): Body {
  return {
    code: decline.code,
    decline_code: decline.decline_code,
    doc_url: 'https://stripe.com/docs/error-codes/card-declined',
    message: decline.message,
    ...ids,
    type: 'card_error',
  };
}
