/**
 * What Stripe gives a new object of each kind, derived from Stripe's example of it
 * (stripe-fixtures.ts). An example fills every field with a sample value ("obj_123", a stranger's
 * address, a pending update), where a new object has nothing: so every value is blanked (objects,
 * strings and numbers to null, booleans to false, lists to empty, `livemode` to false, `metadata`
 * to {}) except each `object` tag and the few values a new object shares with the example
 * (`keep`) or has of its own (`set`). The builders lay the sandbox's own values over these
 * templates; nothing of an example reaches an answer.
 */
import type { Body } from './sandbox-common.js';
import { STRIPE_FIXTURES } from './stripe-fixtures.js';

interface TemplateRule {
  /** The example, or the part of it (a list's item) the template is made from. */
  example: Body;
  /** Dotted paths whose example value a new object has too (their parents are kept as objects). */
  keep?: string[];
  /** Values a new object has that are neither the example's nor blank (dotted paths). */
  set?: Record<string, unknown>;
  /** Fields of the example that Stripe's current API no longer has. */
  drop?: string[];
}

const item = (list: unknown): Body => (list as { data: Body[] }).data[0];
const ADDRESS = {
  city: null,
  country: null,
  line1: null,
  line2: null,
  postal_code: null,
  state: null,
};

const RULES: Record<string, TemplateRule> = {
  customer: {
    example: STRIPE_FIXTURES.customer,
    keep: ['balance', 'next_invoice_sequence', 'tax_exempt'],
    set: {
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
    },
  },
  'checkout.session': {
    example: STRIPE_FIXTURES['checkout.session'],
    keep: ['automatic_tax.enabled', 'payment_method_types', 'phone_number_collection.enabled'],
    set: {
      allowed_payment_method_types: null,
      custom_text: {
        after_submit: null,
        shipping_address: null,
        submit: null,
        terms_of_service_acceptance: null,
      },
      discounts: [],
      payment_method_collection: 'always',
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
    },
  },
  event: { example: STRIPE_FIXTURES.event },
  subscription: {
    example: STRIPE_FIXTURES.subscription,
    keep: [
      'automatic_tax.enabled',
      'billing_mode.type',
      'collection_method',
      'invoice_settings.issuer',
      'payment_settings.payment_method_types',
      'trial_settings.end_behavior.missing_payment_method',
    ],
    set: {
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      'payment_settings.save_default_payment_method': 'off',
      'trial_settings.end_behavior.billing_cycle_anchor': null,
    },
  },
  subscription_item: {
    example: item(STRIPE_FIXTURES.subscription.items),
    set: { current_trial: null },
  },
  plan: {
    example: item(STRIPE_FIXTURES.subscription.items).plan as Body,
    keep: ['active', 'usage_type'],
    set: { billing_scheme: 'per_unit' },
  },
  price: {
    example: STRIPE_FIXTURES.price,
    keep: [
      'active',
      'billing_scheme',
      'recurring.usage_type',
      'recurring.meter',
      'tax_behavior',
      'type',
    ],
  },
  product: {
    example: STRIPE_FIXTURES.product,
    keep: ['active'],
    set: { type: 'service', tax_details: null },
  },
  subscription_schedule: {
    example: STRIPE_FIXTURES.subscription_schedule,
    keep: [
      'billing_mode.type',
      'default_settings.automatic_tax.enabled',
      'default_settings.billing_cycle_anchor',
      'default_settings.collection_method',
      'default_settings.invoice_settings.issuer',
      'end_behavior',
    ],
    set: { pause_schedules: [] },
  },
  'subscription_schedule.phase': {
    example: (STRIPE_FIXTURES.subscription_schedule.phases as Body[])[0],
    keep: ['proration_behavior'],
  },
  'subscription_schedule.phase.item': {
    example: ((STRIPE_FIXTURES.subscription_schedule.phases as Body[])[0].items as Body[])[0],
  },
  'billing_portal.session': { example: STRIPE_FIXTURES['billing_portal.session'] },
  invoice: {
    example: STRIPE_FIXTURES.invoice,
    keep: [
      'amount_shipping',
      'attempt_count',
      'automatic_tax.enabled',
      'collection_method',
      'customer_tax_exempt',
      'issuer',
      'payment_settings.default_mandate',
      'post_payment_credit_notes_amount',
      'pre_payment_credit_notes_amount',
      'starting_balance',
    ],
    set: { amount_overpaid: 0 },
    drop: ['subscription'],
  },
  line_item: {
    example: item(STRIPE_FIXTURES.invoice.lines),
    keep: ['discountable'],
  },
  charge: {
    example: STRIPE_FIXTURES.charge,
    keep: ['billing_details.address'],
    set: { fraud_details: {} },
  },
  'charge.card': {
    example: (STRIPE_FIXTURES.charge.payment_method_details as Body).card as Body,
    keep: [
      'checks',
      'extended_authorization',
      'incremental_authorization',
      'multicapture',
      'network_token',
      'overcapture.status',
    ],
    set: { electronic_commerce_indicator: null },
  },
  payment_method: {
    example: STRIPE_FIXTURES.payment_method,
    keep: ['allow_redisplay', 'type'],
    set: {
      billing_details: { address: ADDRESS, email: null, name: null, phone: null, tax_id: null },
    },
  },
  'payment_method.card': {
    example: STRIPE_FIXTURES.payment_method.card as Body,
    keep: ['checks', 'networks.preferred', 'three_d_secure_usage'],
  },
  refund: {
    example: STRIPE_FIXTURES.refund,
    keep: ['destination_details'],
  },
  invoice_payment: {
    example: STRIPE_FIXTURES.invoice_payment,
    keep: ['is_default'],
  },
  'test_helpers.test_clock': {
    example: STRIPE_FIXTURES['test_helpers.test_clock'],
    keep: ['status', 'status_details'],
  },
  coupon: { example: STRIPE_FIXTURES.coupon },
  discount: { example: STRIPE_FIXTURES.discount },
  promotion_code: {
    example: STRIPE_FIXTURES.promotion_code,
    keep: [
      'restrictions.first_time_transaction',
      'restrictions.minimum_amount',
      'restrictions.minimum_amount_currency',
    ],
  },
};

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The blank a new object has where the example has `value`. */
function blank(key: string, value: unknown): unknown {
  if (key === 'livemode') return false;
  if (key === 'metadata') return {};
  if (Array.isArray(value)) return [];
  if (typeof value === 'boolean') return false;
  return null;
}

/** The example with every value blanked but the kept ones (and every `object` tag). */
function blanked(example: Body, keep: string[], path = ''): Body {
  return Object.fromEntries(
    Object.entries(example).map(([key, value]) => {
      const at = path ? `${path}.${key}` : key;
      if (keep.includes(at) || key === 'object') return [key, structuredClone(value)];
      if (isObject(value) && keep.some((kept) => kept.startsWith(`${at}.`)))
        return [key, blanked(value, keep, at)];
      return [key, blank(key, value)];
    }),
  );
}

function setPath(target: Body, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  let at = target;
  for (const key of keys) {
    if (!isObject(at[key])) at[key] = {};
    at = at[key] as Body;
  }
  at[last] = structuredClone(value);
}

function template({ example, keep = [], set = {}, drop = [] }: TemplateRule): Body {
  const fresh = blanked(example, keep);
  for (const key of drop) delete fresh[key];
  for (const [path, value] of Object.entries(set)) setPath(fresh, path, value);
  return fresh;
}

const TEMPLATES: Record<string, Body> = Object.fromEntries(
  Object.entries(RULES).map(([kind, rule]) => [kind, template(rule)]),
);

/** The kinds of object (and of their parts) the sandbox has templates for. */
export const TEMPLATE_KINDS = Object.keys(RULES);

/** A new object of `kind` as Stripe makes one, before any of the sandbox's values. */
export function freshObject(kind: string): Body {
  const fresh = TEMPLATES[kind];
  if (!fresh) throw new Error(`The sandbox has no template for ${kind}`);
  return structuredClone(fresh);
}
