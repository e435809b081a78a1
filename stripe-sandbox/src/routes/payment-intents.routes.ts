/** Payment intents: those the invoices' payments went through, to read. */
import type { FastifyInstance } from 'fastify';
import type { Body } from '../sandbox-common.js';
import { found, listPage, param, type SandboxParts } from './route-helpers.js';

export function registerPaymentIntentRoutes(api: FastifyInstance, { store }: SandboxParts): void {
  api.get('/v1/payment_intents/:id', async (request, reply) =>
    found(store, reply, param(request), 'payment_intent'),
  );
  api.get('/v1/payment_intents', async (request, reply) => {
    const query = request.query as Body;
    return listPage(
      store,
      request,
      reply,
      'payment_intent',
      (intent) => !query.customer || intent.customer === query.customer,
    );
  });
}
