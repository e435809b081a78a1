/**
 * Stripe's `expand[]`, from the object graph: a field holding the id of an object the sandbox
 * knows is replaced by that object, a path goes through sub-objects, lists and expanded objects
 * (`latest_invoice.payments`, `invoice_settings.default_payment_method`, `promotion.coupon`), and
 * a list's paths start with `data.`. A few fields are only there when expanded ("includable"):
 * an invoice's payments, a checkout session's line items.
 */
import { priceObject, productObject, SANDBOX_PRICES } from './sandbox-catalogue.js';
import type { Body, StripeObject } from './sandbox-common.js';
import { privateOf } from './sandbox-private.js';
import { list, type SandboxParts } from './routes/route-helpers.js';

/** A path that names nothing expandable; Stripe's message names it. */
export class ExpandError extends Error {
  constructor(path: string, hint?: string) {
    super(
      `This property cannot be expanded (${path}).${hint ? ` You may want to try expanding '${hint}' instead.` : ''}`,
    );
  }
}

type Includable = (object: StripeObject) => unknown;

const isStripeObject = (value: unknown): value is StripeObject =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Body).object === 'string' &&
  typeof (value as Body).id === 'string';

export class SandboxExpander {
  private readonly includables: Record<string, Record<string, Includable>>;

  constructor(private readonly parts: Pick<SandboxParts, 'store' | 'engine' | 'clocks'>) {
    this.includables = {
      invoice: {
        payments: (invoice) =>
          list(
            parts.store.referencing('invoice_payment', 'invoice', invoice.id),
            `/v1/invoice_payments?invoice=${invoice.id}`,
          ),
      },
      'checkout.session': {
        line_items: (session) =>
          list(this.lineItems(session), `/v1/checkout/sessions/${session.id}/line_items`),
      },
    };
  }

  /** `payload` with every path of `paths` expanded; throws ExpandError for one that cannot be. */
  expand(payload: Body, paths: string[]): Body {
    let expanded: unknown = payload;
    for (const path of paths) {
      if (payload.object === 'list') {
        if (!path.startsWith('data.'))
          throw new ExpandError(path, path === 'data' ? undefined : `data.${path}`);
        expanded = { ...(expanded as Body), data: this.walk((expanded as Body).data, path, 5) };
      } else expanded = this.walk(expanded, path, 0);
    }
    return expanded as Body;
  }

  /** The object an id names, among those the sandbox knows (its own, its catalogue, its clock). */
  private resolve(id: string): StripeObject | undefined {
    if (SANDBOX_PRICES[id]) return priceObject(id);
    if (id.startsWith('clock_')) return this.parts.clocks.get(id);
    return productObject(id) ?? this.parts.store.get(id);
  }

  /** `value` with the rest of `path` (from character `from`) expanded, copied where it changes. */
  private walk(value: unknown, path: string, from: number): unknown {
    if (value === null || value === undefined) return value;
    if (Array.isArray(value)) return value.map((item) => this.walk(item, path, from));
    if (typeof value === 'string') {
      const object = this.resolve(value);
      if (!object) throw new ExpandError(path);
      return this.walk(object, path, from);
    }
    if (typeof value !== 'object') throw new ExpandError(path);
    if (from >= path.length) return value;
    const object = value as Body;
    const end = path.indexOf('.', from);
    const field = path.slice(from, end < 0 ? undefined : end);
    const include = this.includables[String(object.object)]?.[field];
    const current = include ? include(object as StripeObject) : object[field];
    if (end < 0) return { ...object, [field]: this.last(current, path) };
    if (!(field in object) && !include) throw new ExpandError(path);
    return { ...object, [field]: this.walk(current, path, end + 1) };
  }

  /** The last field of a path: an id (or ids) to replace, an object already there, or null. */
  private last(value: unknown, path: string): unknown {
    if (value === null) return null;
    if (Array.isArray(value)) return value.map((item) => this.last(item, path));
    if (typeof value === 'string') {
      const object = this.resolve(value);
      if (!object) throw new ExpandError(path);
      return object;
    }
    if (isStripeObject(value) || (value as Body | undefined)?.object === 'list') return value;
    throw new ExpandError(path);
  }

  /** A checkout session's line items: its one price (the sandbox sells one item per session). */
  private lineItems(session: StripeObject): StripeObject[] {
    const priceId = String(privateOf<{ price: string }>(this.parts.store, session.id).price);
    if (!SANDBOX_PRICES[priceId]) return [];
    const price = priceObject(priceId);
    const subtotal = Number(session.amount_subtotal);
    const total = Number(session.amount_total);
    return [
      {
        id: `li_${session.id.replace(/^cs_test_/, '')}`,
        object: 'item',
        adjustable_quantity: null,
        amount_discount: subtotal - total,
        amount_subtotal: subtotal,
        amount_tax: 0,
        amount_total: total,
        currency: String(session.currency ?? 'usd'),
        description: String(price.nickname),
        metadata: {},
        price,
        quantity: 1,
      },
    ];
  }
}
