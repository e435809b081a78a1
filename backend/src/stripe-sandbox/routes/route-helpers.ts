/** What every route group shares: the sandbox's parts, Stripe's error and list shapes. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxBillingEngine } from '../sandbox-billing-engine.js';
import type { SandboxCheckout } from '../sandbox-checkout.js';
import type { Body, StripeObject } from '../sandbox-common.js';
import type { SandboxEvents } from '../sandbox-events.js';
import type { SandboxStore } from '../sandbox-store.js';

/** The parts of the sandbox a route group works with. */
export interface SandboxParts {
  store: SandboxStore;
  events: SandboxEvents;
  engine: SandboxBillingEngine;
  checkout: SandboxCheckout;
}

export function stripeError(
  reply: FastifyReply,
  status: number,
  message: string,
  type = 'invalid_request_error',
  extra: Body = {},
) {
  return reply.status(status).send({ error: { type, message, ...extra } });
}

export const list = (data: StripeObject[], url: string) => ({
  object: 'list',
  data,
  has_more: false,
  url,
});

/** One page of a list, as Stripe pages (newest first, `limit` up to 100, `starting_after`). */
export function page(all: StripeObject[], query: Body, url: string) {
  const limit = Math.min(Math.max(Number(query.limit ?? 10) || 10, 1), 100);
  const after = typeof query.starting_after === 'string' ? query.starting_after : undefined;
  const start = after ? all.findIndex((candidate) => candidate.id === after) + 1 : 0;
  const data = all.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < all.length, url };
}

export const param = (request: FastifyRequest) => (request.params as { id: string }).id;

/** The object by id, or Stripe's 404 when there is none of that type. */
export function found(store: SandboxStore, reply: FastifyReply, id: string, object: string) {
  const found = store.get(id);
  if (!found || found.object !== object)
    return stripeError(reply, 404, `No such ${object.replace(/[._]/g, ' ')}: '${id}'`);
  return found;
}
