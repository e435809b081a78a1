/**
 * The lists of customers and of events, with Stripe's filters (every list also pages and filters
 * on `created`, see `listPage`).
 */
import type { FastifyInstance } from 'fastify';
import type { Body } from '../sandbox-common.js';
import { listPage, type SandboxParts } from './route-helpers.js';

/** Whether an event type matches a filter: exact, or a prefix ending in `*` (`customer.*`). */
const typeMatches = (filter: string, type: unknown) =>
  filter.endsWith('*') ? String(type).startsWith(filter.slice(0, -1)) : type === filter;

export function registerListRoutes(api: FastifyInstance, { store }: SandboxParts): void {
  api.get('/v1/customers', async (request, reply) => {
    const query = request.query as Body;
    return listPage(
      store,
      request,
      reply,
      'customer',
      (customer) =>
        (query.email === undefined || customer.email === query.email) &&
        (query.test_clock === undefined || customer.test_clock === query.test_clock),
    );
  });

  api.get('/v1/events', async (request, reply) => {
    const query = request.query as Body;
    const types = Array.isArray(query.types) ? (query.types as string[]) : undefined;
    return listPage(
      store,
      request,
      reply,
      'event',
      (event) =>
        (typeof query.type !== 'string' || typeMatches(query.type, event.type)) &&
        (!types || types.some((type) => typeMatches(type, event.type))),
    );
  });
}
