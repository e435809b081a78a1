/** Customers and their payment methods. */
import type { FastifyInstance } from 'fastify';
import { cardError, TEST_CARDS } from '../sandbox-cards.js';
import { subscriptionItem, type Body, type StripeObject } from '../sandbox-common.js';
import { customerPage } from '../sandbox-pages.js';
import { found, listPage, noSuch, param, type SandboxParts } from './route-helpers.js';

export function registerCustomerRoutes(
  api: FastifyInstance,
  { store, checkout, clocks }: SandboxParts,
): void {
  /** The default payment method a call names, if it is neither a test card nor a known one. */
  const unknownMethod = (body: Body): string | undefined => {
    const method = (body.invoice_settings as Body | undefined)?.default_payment_method;
    return typeof method === 'string' && !TEST_CARDS[method] && !store.get(method)
      ? method
      : undefined;
  };

  /**
   * Stripe's refusal of a test card that declines when attached (0002, 9995): the card error,
   * before anything is created or changed.
   */
  const refusedCard = (body: Body) => {
    const method = (body.invoice_settings as Body | undefined)?.default_payment_method;
    const card = typeof method === 'string' ? TEST_CARDS[method] : undefined;
    return card?.declinesOnAttach && card.declines
      ? { error: cardError(card.declines) }
      : undefined;
  };

  api.post('/v1/customers', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const refused = refusedCard(body);
    if (refused) return reply.status(402).send(refused);
    if (body.test_clock !== undefined && !clocks.get(String(body.test_clock)))
      return noSuch(reply, 'test_helpers.test_clock', body.test_clock, 'test_clock');
    const method = unknownMethod(body);
    if (method)
      return noSuch(reply, 'payment_method', method, 'invoice_settings[default_payment_method]');
    return checkout.createCustomer(body);
  });

  api.get('/v1/customers/:id', async (request, reply) =>
    found(store, reply, param(request), 'customer'),
  );

  api.post('/v1/customers/:id', async (request, reply) => {
    const customer = store.get(param(request));
    if (!customer || customer.object !== 'customer')
      return found(store, reply, param(request), 'customer');
    const body = (request.body ?? {}) as Body;
    const refused = refusedCard(body);
    if (refused) return reply.status(402).send(refused);
    const method = unknownMethod(body);
    if (method)
      return noSuch(reply, 'payment_method', method, 'invoice_settings[default_payment_method]');
    return checkout.updateCustomer(customer, body);
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
      (method) => method.customer === query.customer && (!query.type || method.type === query.type),
    );
  });
  api.get('/v1/payment_methods/:id', async (request, reply) =>
    found(store, reply, param(request), 'payment_method'),
  );
  api.post('/v1/payment_methods/:id', async (request, reply) => {
    const method = store.get(param(request));
    if (!method || method.object !== 'payment_method')
      return found(store, reply, param(request), 'payment_method');
    return checkout.updatePaymentMethod(method, (request.body ?? {}) as Body);
  });

  // A customer's page in the sandbox, as Stripe's dashboard has one for each customer.
  api.get('/customers/:id', async (request, reply) => {
    const customer = store.get(param(request));
    if (!customer || customer.object !== 'customer')
      return reply.status(404).type('text/html').send('<h1>Customer not found</h1>');
    const subscriptions = store
      .all('subscription', (candidate) => candidate.customer === customer.id)
      .map((subscription) => {
        const price = subscriptionItem(subscription).price as StripeObject;
        return {
          id: subscription.id,
          status: subscription.status,
          plan: String(price.nickname ?? price.id),
          amount: Number(price.unit_amount ?? 0),
        };
      });
    const invoices = store
      .all('invoice', (candidate) => candidate.customer === customer.id)
      .map((invoice) => ({
        id: invoice.id,
        status: invoice.status,
        amount: Number(invoice.total ?? invoice.amount_due ?? 0),
        created: Number(invoice.created),
      }))
      .sort((a, b) => b.created - a.created);
    return reply.type('text/html; charset=utf-8').send(
      customerPage(
        {
          id: customer.id,
          email: customer.email,
          name: customer.name,
          created: Number(customer.created),
        },
        subscriptions,
        invoices,
      ),
    );
  });
}
