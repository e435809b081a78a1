/** Invoices and their payments, charges and their receipts, refunds. */
import type { FastifyInstance } from 'fastify';
import { SANDBOX_PRICES } from '../sandbox-catalogue.js';
import { newId, type Body, type StripeObject } from '../sandbox-common.js';
import { money, receiptPage } from '../sandbox-pages.js';
import { found, list, page, param, stripeError, type SandboxParts } from './route-helpers.js';

/** The subscription an invoice bills, if any. */
const subscriptionOf = (invoice: StripeObject) =>
  ((invoice.parent as Body | null)?.subscription_details as Body | null)?.subscription;

export function registerInvoiceRoutes(
  api: FastifyInstance,
  { store, events, engine }: SandboxParts,
): void {
  api.get('/v1/invoices', async (request) => {
    const query = request.query as Body;
    const listed = page(
      store.all(
        'invoice',
        (invoice) =>
          (!query.customer || invoice.customer === query.customer) &&
          (!query.subscription || subscriptionOf(invoice) === query.subscription) &&
          (!query.status || invoice.status === query.status),
      ),
      query,
      '/v1/invoices',
    );
    // `expand[]=data.payments`: each invoice with its payments, as Stripe includes them.
    if (![query.expand].flat().includes('data.payments')) return listed;
    const wanted = new Set(listed.data.map((invoice) => invoice.id));
    const payments = new Map<string, StripeObject[]>();
    for (const payment of store.all('invoice_payment', (candidate) =>
      wanted.has(String(candidate.invoice)),
    ))
      payments.set(String(payment.invoice), [
        ...(payments.get(String(payment.invoice)) ?? []),
        payment,
      ]);
    return {
      ...listed,
      data: listed.data.map((invoice) => ({
        ...invoice,
        payments: list(
          payments.get(invoice.id) ?? [],
          `/v1/invoice_payments?invoice=${invoice.id}`,
        ),
      })),
    };
  });
  // What a change would invoice now, without changing anything (Stripe's proration preview).
  api.post('/v1/invoices/create_preview', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const subscription =
      typeof body.subscription === 'string' ? store.get(body.subscription) : undefined;
    if (!subscription || subscription.object !== 'subscription')
      return stripeError(reply, 400, `No such subscription: '${String(body.subscription)}'`);
    const details = (body.subscription_details ?? {}) as Body;
    const priceId = (details.items as { price?: string }[] | undefined)?.[0]?.price;
    if (!priceId || !SANDBOX_PRICES[priceId])
      return stripeError(
        reply,
        400,
        'subscription_details[items][0][price] must be a known price.',
      );
    return engine.preview(subscription, priceId);
  });
  api.get('/v1/invoices/:id', async (request, reply) =>
    found(store, reply, param(request), 'invoice'),
  );
  api.get('/v1/invoice_payments', async (request) => {
    const query = request.query as Body;
    return list(
      store.all('invoice_payment', (payment) => payment.invoice === query.invoice),
      '/v1/invoice_payments',
    );
  });

  api.get('/v1/charges', async (request) => {
    const query = request.query as Body;
    return page(
      store.all('charge', (charge) => !query.customer || charge.customer === query.customer),
      query,
      '/v1/charges',
    );
  });
  api.get('/v1/charges/:id', async (request, reply) =>
    found(store, reply, param(request), 'charge'),
  );

  api.post('/v1/refunds', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const charge = typeof body.charge === 'string' ? store.get(body.charge) : undefined;
    if (!charge || charge.object !== 'charge')
      return stripeError(reply, 400, `No such charge: '${String(body.charge)}'`);
    const refundable = Number(charge.amount) - Number(charge.amount_refunded);
    const amount = body.amount === undefined ? refundable : Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0)
      return stripeError(reply, 400, 'Invalid positive integer', 'invalid_request_error', {
        param: 'amount',
      });
    if (charge.status !== 'succeeded' || amount > refundable)
      return stripeError(
        reply,
        400,
        `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(refundable)})`,
        'invalid_request_error',
        { code: 'amount_too_large', param: 'amount' },
      );
    const refund = store.save(
      store.fromFixture('refund', {
        id: newId('refund'),
        amount,
        charge: charge.id,
        currency: charge.currency,
        reason: body.reason ?? null,
        metadata: body.metadata ?? {},
        status: 'succeeded',
        customer: charge.customer,
        payment_method: charge.payment_method,
      }),
    );
    const refunds = charge.refunds as Body;
    const refunded = store.save({
      ...charge,
      amount_refunded: Number(charge.amount_refunded) + amount,
      refunded: Number(charge.amount_refunded) + amount === Number(charge.amount),
      refunds: { ...refunds, data: [refund, ...(refunds.data as StripeObject[])] },
    });
    events.emit('refund.created', refund);
    events.emit('charge.refunded', refunded, charge);
    return refund;
  });
  api.get('/v1/refunds/:id', async (request, reply) =>
    found(store, reply, param(request), 'refund'),
  );

  api.get('/receipts/:id', async (request, reply) => {
    const charge = store.get(param(request));
    if (!charge || charge.object !== 'charge')
      return reply.status(404).type('text/html').send('<h1>Receipt not found</h1>');
    return reply.type('text/html; charset=utf-8').send(
      receiptPage(
        charge as unknown as {
          id: string;
          amount: number;
          description: unknown;
          created: number;
        },
      ),
    );
  });
}
