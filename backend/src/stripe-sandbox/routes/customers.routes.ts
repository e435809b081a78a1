/** Customers and their payment methods. */
import type { FastifyInstance } from 'fastify';
import { SANDBOX_CLOCK_ID, TEST_CARDS } from '../sandbox-catalogue.js';
import { newId, type Body } from '../sandbox-common.js';
import { found, listPage, noSuch, param, type SandboxParts } from './route-helpers.js';

export function registerCustomerRoutes(
  api: FastifyInstance,
  { store, checkout }: SandboxParts,
): void {
  api.post('/v1/customers', async (request) => {
    const body = (request.body ?? {}) as Body;
    const customer = store.fromFixture('customer', {
      id: newId('customer'),
      email: body.email ?? null,
      name: body.name ?? null,
      phone: body.phone ?? null,
      description: body.description ?? null,
      metadata: body.metadata ?? {},
      discount: null,
      test_clock: SANDBOX_CLOCK_ID,
    });
    return store.save(checkout.updateCustomer(customer, body));
  });

  api.get('/v1/customers/:id', async (request, reply) =>
    found(store, reply, param(request), 'customer'),
  );

  api.post('/v1/customers/:id', async (request, reply) => {
    const customer = store.get(param(request));
    if (!customer || customer.object !== 'customer')
      return found(store, reply, param(request), 'customer');
    const body = (request.body ?? {}) as Body;
    const method = (body.invoice_settings as Body | undefined)?.default_payment_method;
    if (typeof method === 'string' && !TEST_CARDS[method] && !store.get(method))
      return noSuch(reply, 'payment_method', method, 'invoice_settings[default_payment_method]');
    return store.save(checkout.updateCustomer(customer, body));
  });

  api.get('/v1/customers/:id/payment_methods', async (request, reply) => {
    if (store.get(param(request))?.object !== 'customer')
      return noSuch(reply, 'customer', param(request));
    return listPage(
      store,
      request,
      reply,
      'payment_method',
      (method) => method.customer === param(request),
    );
  });
  api.get('/v1/payment_methods', async (request, reply) => {
    const query = request.query as Body;
    return listPage(
      store,
      request,
      reply,
      'payment_method',
      (method) => method.customer === query.customer,
    );
  });
  api.get('/v1/payment_methods/:id', async (request, reply) =>
    found(store, reply, param(request), 'payment_method'),
  );
}
