/** What every route group shares: the sandbox's parts, Stripe's error and list shapes. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxBillingEngine } from '../sandbox-billing-engine.js';
import type { SandboxCheckout } from '../sandbox-checkout.js';
import type { SandboxClocks } from '../sandbox-clocks.js';
import { realNow, type Body, type StripeObject } from '../sandbox-common.js';
import type { SandboxEvents } from '../sandbox-events.js';
import type { SandboxStore } from '../sandbox-store.js';

/** The parts of the sandbox a route group works with. */
export interface SandboxParts {
  store: SandboxStore;
  events: SandboxEvents;
  engine: SandboxBillingEngine;
  checkout: SandboxCheckout;
  clocks: SandboxClocks;
}

/** Extra fields of an error: Stripe's `code` (which brings its `doc_url`) and `param`. */
export interface ErrorDetails {
  code?: string;
  param?: string;
}

/**
 * Stripe's error envelope, fields in Stripe's order: `code`, `doc_url`, `message`, `param`,
 * `request_log_url` (the request's page in the dashboard), `type`.
 */
export function stripeErrorBody(
  requestId: string,
  status: number,
  message: string,
  type = 'invalid_request_error',
  { code, param }: ErrorDetails = {},
) {
  return {
    error: {
      ...(code
        ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` }
        : {}),
      message,
      ...(param ? { param } : {}),
      ...(status === 401
        ? {}
        : {
            request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}?t=${realNow()}`,
          }),
      type,
    },
  };
}

export function stripeError(
  reply: FastifyReply,
  status: number,
  message: string,
  type = 'invalid_request_error',
  details: ErrorDetails = {},
) {
  return reply
    .status(status)
    .send(stripeErrorBody(reply.request.id, status, message, type, details));
}

/** How Stripe names a type in "No such …" (most by their `object`, a few by another name). */
const NOUNS: Record<string, string> = {
  payment_method: 'PaymentMethod',
  promotion_code: 'promotion code',
  'test_helpers.test_clock': 'test_clock',
};

/**
 * Stripe's answer to an id that names nothing: 404 for the object of the URL (`param` "id"),
 * 400 for a parameter (`param` its name, as `customer` or `invoice_settings[default_payment_method]`).
 */
export function noSuch(
  reply: FastifyReply,
  object: string,
  id: unknown,
  param = 'id',
): FastifyReply {
  return stripeError(
    reply,
    param === 'id' ? 404 : 400,
    `No such ${NOUNS[object] ?? object}: '${String(id)}'`,
    'invalid_request_error',
    { code: 'resource_missing', param },
  );
}

export const param = (request: FastifyRequest) => (request.params as { id: string }).id;

/** The object by id, or Stripe's 404 when there is none of that type. */
export function found(store: SandboxStore, reply: FastifyReply, id: string, object: string) {
  const found = store.get(id);
  if (!found || found.object !== object) return noSuch(reply, object, id);
  return found;
}

/**
 * The object of type `object` named by body parameter `name`; undefined once Stripe's 400 is sent
 * (the handler then returns the reply).
 */
export function foundParam(
  store: SandboxStore,
  reply: FastifyReply,
  body: Body,
  name: string,
  object: string,
): StripeObject | undefined {
  const value = body[name];
  const found = typeof value === 'string' ? store.get(value) : undefined;
  if (found?.object === object) return found;
  noSuch(reply, object, value, name);
  return undefined;
}

/** A list as Stripe nests one in an object (all of it, no more pages). */
export const list = (data: StripeObject[], url: string) => ({
  object: 'list',
  data,
  has_more: false,
  url,
});

/** Stripe's range filter on `created`: a Unix time, or `{gt, gte, lt, lte}`. */
function createdFilter(created: unknown): (object: StripeObject) => boolean {
  if (created === undefined) return () => true;
  if (typeof created !== 'object' || created === null) {
    const exact = Number(created);
    return (object) => Number(object.created) === exact;
  }
  const range = created as Record<string, unknown>;
  const bound = (key: string) => (range[key] === undefined ? undefined : Number(range[key]));
  const [gt, gte, lt, lte] = ['gt', 'gte', 'lt', 'lte'].map(bound);
  return (object) => {
    const time = Number(object.created);
    return (
      (gt === undefined || time > gt) &&
      (gte === undefined || time >= gte) &&
      (lt === undefined || time < lt) &&
      (lte === undefined || time <= lte)
    );
  };
}

/**
 * One page of a list endpoint, as Stripe pages every list: newest first, `limit` 1 to 100
 * (default 10), `starting_after` (the page after an object) or `ending_before` (the page before
 * it), `created` ranges, and `has_more` when the list goes on in the direction read.
 */
export function listPage(
  store: SandboxStore,
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  where: (candidate: StripeObject) => boolean = () => true,
) {
  const query = request.query as Body;
  const limit = query.limit === undefined ? 10 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return stripeError(reply, 400, 'Invalid limit: must be between 1 and 100', undefined, {
      param: 'limit',
    });
  if (query.starting_after !== undefined && query.ending_before !== undefined)
    return stripeError(
      reply,
      400,
      'You may only specify one of these parameters: ending_before, starting_after.',
      undefined,
      { param: 'ending_before' },
    );
  const cursorName = query.starting_after !== undefined ? 'starting_after' : 'ending_before';
  const cursorId = query[cursorName];
  const cursor = typeof cursorId === 'string' ? store.get(cursorId) : undefined;
  if (cursorId !== undefined && (!cursor || cursor.object !== type))
    return noSuch(reply, type, cursorId, cursorName);
  const created = createdFilter(query.created);
  const all = store.all(type, (candidate) => created(candidate) && where(candidate));
  const url = request.url.split('?')[0];
  if (!cursor) return pageOf(all.slice(0, limit), all.length > limit, url);
  // The cursor need not match the filters: its place in the order is what counts.
  if (cursorName === 'starting_after') {
    const after = all.filter((candidate) => store.newestFirst(candidate, cursor) > 0);
    return pageOf(after.slice(0, limit), after.length > limit, url);
  }
  const before = all.filter((candidate) => store.newestFirst(candidate, cursor) < 0);
  return pageOf(before.slice(-limit), before.length > limit, url);
}

const pageOf = (data: StripeObject[], hasMore: boolean, url: string) => ({
  object: 'list',
  data,
  has_more: hasMore,
  url,
});
