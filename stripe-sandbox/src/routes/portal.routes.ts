/**
 * Billing portal sessions (with Stripe's deep-link flow for a payment method update) and the test
 * portal: what Stripe's hosted portal would show, where a customer can change the card on file.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SANDBOX_PORTAL_CONFIGURATION, TEST_CARDS } from '../sandbox-catalogue.js';
import { newId, type Body, type StripeObject } from '../sandbox-common.js';
import { portalConfirmationPage, portalPage, paymentMethodPage } from '../sandbox-pages.js';
import { foundParam, param, stripeError, type SandboxParts } from './route-helpers.js';

/** Stripe's flow types; the sandbox's portal walks the customer through the first only. */
const FLOW_TYPES = [
  'payment_method_update',
  'customer_update',
  'subscription_cancel',
  'subscription_update',
  'subscription_update_confirm',
];
const AFTER_COMPLETION = ['hosted_confirmation', 'portal_homepage', 'redirect'];

/**
 * The session's `flow` from `flow_data`, as Stripe answers it (every flow's own configuration
 * null but the one of its type); undefined once Stripe's 400 is sent.
 */
function flowOf(reply: FastifyReply, data: unknown): Body | null | undefined {
  if (data === undefined) return null;
  const flow = (typeof data === 'object' && data !== null ? data : {}) as Body;
  const refuse = (message: string, name: string) => {
    stripeError(reply, 400, message, 'invalid_request_error', { param: name });
    return undefined;
  };
  if (flow.type === undefined)
    return refuse('Missing required param: flow_data[type].', 'flow_data[type]');
  if (!FLOW_TYPES.includes(String(flow.type)))
    return refuse(
      `Invalid flow_data[type]: must be one of ${FLOW_TYPES.join(', ')}`,
      'flow_data[type]',
    );
  if (flow.type !== 'payment_method_update')
    return refuse(
      'The sandbox portal offers the payment_method_update flow only.',
      'flow_data[type]',
    );
  const after = (flow.after_completion ?? {}) as Body;
  const afterType = String(after.type ?? 'portal_homepage');
  if (!AFTER_COMPLETION.includes(afterType))
    return refuse(
      `Invalid flow_data[after_completion][type]: must be one of ${AFTER_COMPLETION.join(', ')}`,
      'flow_data[after_completion][type]',
    );
  const returnUrl = (after.redirect as Body | undefined)?.return_url;
  if (afterType === 'redirect' && typeof returnUrl !== 'string')
    return refuse(
      'Missing required param: flow_data[after_completion][redirect][return_url].',
      'flow_data[after_completion][redirect][return_url]',
    );
  const message = (after.hosted_confirmation as Body | undefined)?.custom_message;
  return {
    after_completion: {
      hosted_confirmation:
        afterType === 'hosted_confirmation'
          ? { custom_message: typeof message === 'string' ? message : null }
          : null,
      redirect: afterType === 'redirect' ? { return_url: returnUrl } : null,
      type: afterType,
    },
    customer_update: null,
    subscription_cancel: null,
    subscription_pause: null,
    subscription_update: null,
    subscription_update_confirm: null,
    type: flow.type,
  };
}

export function registerPortalRoutes(
  api: FastifyInstance,
  { store, events, checkout }: SandboxParts,
): void {
  api.post('/v1/billing_portal/sessions', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const customer = foundParam(store, reply, body, 'customer', 'customer');
    if (!customer) return reply;
    const flow = flowOf(reply, body.flow_data);
    if (flow === undefined) return reply;
    const id = newId('billing_portal.session');
    const session = store.save(
      store.fromFixture('billing_portal.session', {
        id,
        configuration: SANDBOX_PORTAL_CONFIGURATION,
        customer: customer.id,
        flow,
        return_url: body.return_url ?? null,
        // A flow opens on its own page, as Stripe's deep links do.
        url: `${store.url}/billing/${id}${flow ? '/payment-method' : ''}`,
      }),
    );
    events.emit('billing_portal.session.created', session);
    return session;
  });

  const sessionOf = (id: string) => {
    const session = store.get(id);
    return session?.object === 'billing_portal.session' ? session : undefined;
  };
  const notFound = (reply: FastifyReply) =>
    reply.status(404).type('text/html').send('<h1>Portal session not found</h1>');
  /** The customer's default card, as the portal names it. */
  const cardOf = (customer: StripeObject | undefined) => {
    const id = (customer?.invoice_settings as Body | undefined)?.default_payment_method;
    const card = id ? (store.get(String(id))?.card as Body | undefined) : undefined;
    return card ? { brand: String(card.brand), last4: String(card.last4) } : undefined;
  };

  // The portal's home: the customer, their subscriptions and the card on file.
  api.get('/billing/:id', async (request, reply) => {
    const session = sessionOf(param(request));
    if (!session) return notFound(reply);
    const customer = store.get(String(session.customer));
    const subscriptions = store.all(
      'subscription',
      (subscription) => subscription.customer === customer?.id,
    );
    const updated = (request.query as Body).updated !== undefined;
    return reply
      .type('text/html; charset=utf-8')
      .send(
        portalPage(
          session.id,
          customer?.email,
          subscriptions,
          session.return_url,
          cardOf(customer),
          updated,
        ),
      );
  });

  api.get('/billing/:id/payment-method', async (request, reply) => {
    const session = sessionOf(param(request));
    if (!session) return notFound(reply);
    const customer = store.get(String(session.customer));
    return reply
      .type('text/html; charset=utf-8')
      .send(paymentMethodPage(session.id, customer?.email, cardOf(customer), session.return_url));
  });

  // Saving a card makes it the customer's default, then the flow ends as it was asked to.
  api.post('/billing/:id/payment-method', async (request, reply) => {
    const session = sessionOf(param(request));
    if (!session) return notFound(reply);
    const token = String(((request.body ?? {}) as Body).payment_method ?? '');
    const customer = store.get(String(session.customer));
    if (!customer || !TEST_CARDS[token])
      return reply.status(400).type('text/html').send('<h1>Choose one of the test cards</h1>');
    // As on Stripe's page, a card the issuer declines when checked is not saved.
    const declines = TEST_CARDS[token].declinesOnAttach ? TEST_CARDS[token].declines : undefined;
    if (declines) return reply.status(402).type('text/html').send(`<h1>${declines.message}</h1>`);
    checkout.updateCustomer(customer, { invoice_settings: { default_payment_method: token } });
    const after = (session.flow as Body | null)?.after_completion as Body | undefined;
    if (after?.type === 'redirect')
      return reply.redirect(String((after.redirect as Body).return_url), 303);
    if (after?.type === 'hosted_confirmation')
      return reply
        .type('text/html; charset=utf-8')
        .send(
          portalConfirmationPage(
            (after.hosted_confirmation as Body).custom_message,
            session.return_url,
          ),
        );
    return reply.redirect(`/billing/${session.id}?updated`, 303);
  });
}
