/** Invoices and their payments, charges and their receipts, refunds. */
import type { FastifyInstance } from 'fastify';
import { cardError } from '../sandbox-cards.js';
import { newId, type Body, type StripeObject } from '../sandbox-common.js';
import { money, receiptPage } from '../sandbox-pages.js';
import {
  found,
  foundParam,
  listPage,
  param,
  stripeError,
  type SandboxParts,
} from './route-helpers.js';
import { knownPrice } from './price-param.js';
import { refundedCharge } from './payment-intents.routes.js';

/** The subscription an invoice bills, if any. */
const subscriptionOf = (invoice: StripeObject) =>
  ((invoice.parent as Body | null)?.subscription_details as Body | null)?.subscription;

export function registerInvoiceRoutes(
  api: FastifyInstance,
  { store, events, engine }: SandboxParts,
): void {
  api.get('/v1/invoices', async (request, reply) => {
    const query = request.query as Body;
    return listPage(
      store,
      request,
      reply,
      'invoice',
      (invoice) =>
        (!query.customer || invoice.customer === query.customer) &&
        (!query.subscription || subscriptionOf(invoice) === query.subscription) &&
        (!query.status || invoice.status === query.status),
    );
  });
  // What a change would invoice now (Stripe's proration preview), or, without a change, what the
  // next renewal will invoice (the upcoming invoice); nothing changes either way.
  api.post('/v1/invoices/create_preview', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const subscription = foundParam(store, reply, body, 'subscription', 'subscription');
    if (!subscription) return reply;
    const details = (body.subscription_details ?? {}) as Body;
    if (details.items === undefined)
      return (
        engine.upcoming(subscription) ??
        stripeError(
          reply,
          404,
          'There is no upcoming invoice on the specified customer to preview. Only customers with active subscriptions or pending invoice items have invoices that can be previewed.',
          'invalid_request_error',
          { code: 'invoice_upcoming_none' },
        )
      );
    const priceId = knownPrice(
      reply,
      (details.items as { price?: string }[] | undefined)?.[0]?.price,
      'subscription_details[items][0][price]',
    );
    if (!priceId) return reply;
    return engine.preview(subscription, priceId);
  });
  api.get('/v1/invoices/:id', async (request, reply) =>
    found(store, reply, param(request), 'invoice'),
  );
  api.post('/v1/invoices/:id/pay', async (request, reply) => {
    const invoice = store.get(param(request));
    if (!invoice || invoice.object !== 'invoice')
      return found(store, reply, param(request), 'invoice');
    if (invoice.status === 'paid')
      return stripeError(reply, 400, 'Invoice is already paid', 'invalid_request_error', {
        code: 'invoice_already_paid',
      });
    if (invoice.status !== 'open')
      return stripeError(
        reply,
        400,
        `You can only pay an invoice that is open. This invoice is ${String(invoice.status)}.`,
        'invalid_request_error',
        { code: 'invoice_not_open' },
      );
    const { invoice: attempted, decline, charge, intent } = engine.payInvoice(invoice);
    // Stripe answers a declined payment with the card error, its decline code and the attempt.
    if (decline)
      return reply.status(402).send({
        error: cardError(decline, { charge: charge.id, payment_intent: intent }),
      });
    return attempted;
  });
  api.get('/v1/invoice_payments', async (request, reply) => {
    const query = request.query as Body;
    return listPage(
      store,
      request,
      reply,
      'invoice_payment',
      (payment) =>
        (!query.invoice || payment.invoice === query.invoice) &&
        (!query.status || payment.status === query.status),
    );
  });

  api.get('/v1/charges', async (request, reply) => {
    const query = request.query as Body;
    return listPage(
      store,
      request,
      reply,
      'charge',
      (charge) =>
        (!query.customer || charge.customer === query.customer) &&
        (!query.payment_intent || charge.payment_intent === query.payment_intent),
    );
  });
  api.get('/v1/charges/:id', async (request, reply) =>
    found(store, reply, param(request), 'charge'),
  );

  api.post('/v1/refunds', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const charge = refundedCharge(store, reply, body);
    if (!charge) return reply;
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
        payment_intent: charge.payment_intent ?? null,
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
  api.get('/v1/refunds', async (request, reply) => {
    const query = request.query as Body;
    return listPage(
      store,
      request,
      reply,
      'refund',
      (refund) =>
        (!query.charge || refund.charge === query.charge) &&
        (!query.payment_intent || refund.payment_intent === query.payment_intent),
    );
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
