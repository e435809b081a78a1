/** Subscriptions and subscription schedules. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { cardError } from '../sandbox-cards.js';
import { SANDBOX_PRICES } from '../sandbox-catalogue.js';
import {
  addMonths,
  newId,
  periodEnd,
  subscriptionItem,
  type Body,
  type StripeObject,
} from '../sandbox-common.js';
import { freshObject } from '../sandbox-objects.js';
import { withPrice } from '../sandbox-subscription-prices.js';
import {
  found,
  foundParam,
  listPage,
  noSuch,
  param,
  stripeError,
  type SandboxParts,
} from './route-helpers.js';
import { knownPrice } from './price-param.js';

/** A schedule phase of one price, from `start` to `end`. */
function schedulePhase(priceId: string, start: number, end: number): Body {
  return {
    ...freshObject('subscription_schedule.phase'),
    currency: 'usd',
    start_date: start,
    end_date: end,
    items: [
      {
        ...freshObject('subscription_schedule.phase.item'),
        plan: priceId,
        price: priceId,
        quantity: 1,
      },
    ],
  };
}

/** What a customer may answer when asked why they cancel (`cancellation_details[feedback]`). */
const FEEDBACK = [
  'customer_service',
  'low_quality',
  'missing_features',
  'other',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
];

/** Stripe's refusal to change directly what a subscription's schedule governs. */
function managedBySchedule(reply: FastifyReply, subscription: StripeObject) {
  return stripeError(
    reply,
    400,
    `The subscription is managed by the subscription schedule \`${String(subscription.schedule)}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
  );
}

export function registerSubscriptionRoutes(
  api: FastifyInstance,
  { store, events, engine }: SandboxParts,
): void {
  api.post('/v1/subscriptions', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const customer = foundParam(store, reply, body, 'customer', 'customer');
    if (!customer) return reply;
    const priceId = knownPrice(
      reply,
      (body.items as { price?: string }[] | undefined)?.[0]?.price,
      'items[0][price]',
    );
    if (!priceId) return reply;
    // `error_if_incomplete`: a first payment that would fail is Stripe's 402, and no subscription.
    const decline = engine.firstPaymentDecline(customer);
    if (body.payment_behavior === 'error_if_incomplete' && decline)
      return reply.status(402).send({ error: cardError(decline) });
    return engine.subscribe(customer.id, priceId, (body.metadata as Body) ?? {});
  });

  api.get('/v1/subscriptions', async (request, reply) => {
    const query = request.query as Body;
    return listPage(
      store,
      request,
      reply,
      'subscription',
      (subscription) =>
        (!query.customer || subscription.customer === query.customer) &&
        (!query.price ||
          (subscriptionItem(subscription).price as StripeObject).id === query.price) &&
        (query.status === 'all'
          ? true
          : query.status
            ? subscription.status === query.status
            : subscription.status !== 'canceled'),
    );
  });

  api.get('/v1/subscriptions/:id', async (request, reply) =>
    found(store, reply, param(request), 'subscription'),
  );

  api.post('/v1/subscriptions/:id', async (request, reply) => {
    const subscription = store.get(param(request));
    if (!subscription || subscription.object !== 'subscription')
      return found(store, reply, param(request), 'subscription');
    const body = (request.body ?? {}) as Body;
    const updated: StripeObject = { ...subscription };
    if (('cancel_at_period_end' in body || 'cancel_at' in body) && subscription.schedule)
      return managedBySchedule(reply, subscription);
    const details = body.cancellation_details as Body | undefined;
    const feedback = details?.feedback;
    if (typeof feedback === 'string' && feedback !== '' && !FEEDBACK.includes(feedback))
      return stripeError(
        reply,
        400,
        `Invalid cancellation_details[feedback]: must be one of ${FEEDBACK.join(', ')}`,
        'invalid_request_error',
        { param: 'cancellation_details[feedback]' },
      );
    if ('cancel_at_period_end' in body) {
      updated.cancel_at_period_end = body.cancel_at_period_end === 'true';
      updated.cancel_at = updated.cancel_at_period_end ? periodEnd(subscription) : null;
      updated.canceled_at = updated.cancel_at_period_end ? store.now() : null;
      updated.cancellation_details = {
        ...(subscription.cancellation_details as Body),
        reason: updated.cancel_at_period_end ? 'cancellation_requested' : null,
      };
    }
    // The customer's own words: an empty string clears a field, as everywhere in Stripe's API.
    if (details && typeof details === 'object') {
      const given = (name: string) =>
        name in details
          ? { [name]: details[name] === '' ? null : String(details[name] as string) }
          : {};
      updated.cancellation_details = {
        ...(updated.cancellation_details as Body),
        ...given('comment'),
        ...given('feedback'),
      };
    }
    if (body.metadata && typeof body.metadata === 'object')
      updated.metadata = { ...(subscription.metadata as Body), ...(body.metadata as Body) };
    if (Array.isArray(body.discounts) || body.discounts === '') {
      const couponId = Array.isArray(body.discounts)
        ? (body.discounts as { coupon?: string }[])[0]?.coupon
        : undefined;
      const coupon = couponId ? store.get(couponId) : undefined;
      if (couponId && (!coupon || coupon.object !== 'coupon'))
        return noSuch(reply, 'coupon', couponId, 'discounts[0][coupon]');
      updated.discounts = coupon ? [engine.discount(coupon, subscription).id] : [];
    }
    const priceId = (body.items as { price?: string }[] | undefined)?.[0]?.price;
    if (priceId) {
      if (!knownPrice(reply, priceId, 'items[0][price]')) return reply;
      if (subscription.schedule) return managedBySchedule(reply, subscription);
      updated.items = withPrice(subscription, priceId);
    }
    store.save(updated);
    events.emit('customer.subscription.updated', updated, subscription);
    if (priceId && body.proration_behavior === 'always_invoice')
      return engine.prorate(subscription, updated);
    return updated;
  });

  api.delete('/v1/subscriptions/:id', async (request, reply) => {
    const subscription = store.get(param(request));
    if (!subscription || subscription.object !== 'subscription')
      return found(store, reply, param(request), 'subscription');
    if (subscription.status === 'canceled')
      return stripeError(reply, 400, `This subscription is already canceled.`);
    return engine.cancelNow(subscription);
  });

  api.post('/v1/subscription_schedules', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const subscription =
      typeof body.from_subscription === 'string' ? store.get(body.from_subscription) : undefined;
    if (!subscription || subscription.object !== 'subscription')
      return noSuch(reply, 'subscription', body.from_subscription, 'from_subscription');
    if (subscription.schedule)
      return stripeError(
        reply,
        400,
        `You cannot migrate a subscription that is already attached to a schedule: \`${String(subscription.schedule)}\`.`,
      );
    const item = subscriptionItem(subscription);
    const schedule = store.save(
      store.fromFixture('subscription_schedule', {
        id: newId('subscription_schedule'),
        customer: subscription.customer,
        subscription: subscription.id,
        status: 'active',
        end_behavior: 'release',
        metadata: body.metadata ?? {},
        test_clock: subscription.test_clock ?? null,
        current_phase: {
          start_date: item.current_period_start,
          end_date: item.current_period_end,
        },
        phases: [
          schedulePhase(
            String((item.price as StripeObject).id),
            Number(item.current_period_start),
            Number(item.current_period_end),
          ),
        ],
      }),
    );
    const scheduled = store.save({ ...subscription, schedule: schedule.id });
    events.emit('subscription_schedule.created', schedule);
    events.emit('customer.subscription.updated', scheduled, subscription);
    return schedule;
  });

  api.get('/v1/subscription_schedules/:id', async (request, reply) =>
    found(store, reply, param(request), 'subscription_schedule'),
  );

  api.post('/v1/subscription_schedules/:id', async (request, reply) => {
    const schedule = store.get(param(request));
    if (!schedule || schedule.object !== 'subscription_schedule')
      return found(store, reply, param(request), 'subscription_schedule');
    if (schedule.status !== 'active' && schedule.status !== 'not_started')
      return stripeError(reply, 400, `You cannot update a schedule that is ${schedule.status}.`);
    const body = (request.body ?? {}) as Body;
    const updated: StripeObject = { ...schedule };
    if (typeof body.end_behavior === 'string') updated.end_behavior = body.end_behavior;
    if (body.metadata && typeof body.metadata === 'object')
      updated.metadata = { ...(schedule.metadata as Body), ...(body.metadata as Body) };
    if (Array.isArray(body.phases)) {
      const phases: Body[] = [];
      let start = Number((schedule.phases as Body[])[0].start_date);
      for (const [index, raw] of (body.phases as Body[]).entries()) {
        const priceId = knownPrice(
          reply,
          (raw.items as { price?: string }[] | undefined)?.[0]?.price,
          `phases[${index}][items][0][price]`,
        );
        if (!priceId) return reply;
        if (raw.start_date && raw.start_date !== 'now') start = Number(raw.start_date);
        const duration = raw.duration as { interval?: string; interval_count?: string } | undefined;
        const end = raw.end_date
          ? Number(raw.end_date)
          : duration?.interval === 'month'
            ? addMonths(start, Number(duration.interval_count ?? 1))
            : addMonths(start, SANDBOX_PRICES[priceId].interval_count);
        if (end <= start)
          return stripeError(reply, 400, `phases[${index}][end_date] must be after its start.`);
        phases.push(schedulePhase(priceId, start, end));
        start = end;
      }
      updated.phases = phases;
      const current = phases.find(
        (phase) => Number(phase.start_date) <= store.now() && store.now() < Number(phase.end_date),
      );
      updated.current_phase = current
        ? { start_date: current.start_date, end_date: current.end_date }
        : null;
    }
    store.save(updated);
    events.emit('subscription_schedule.updated', updated, schedule);
    return updated;
  });

  api.post('/v1/subscription_schedules/:id/release', async (request, reply) => {
    const schedule = store.get(param(request));
    if (!schedule || schedule.object !== 'subscription_schedule')
      return found(store, reply, param(request), 'subscription_schedule');
    if (schedule.status !== 'active')
      return stripeError(reply, 400, `You cannot release a schedule that is ${schedule.status}.`);
    return engine.release(schedule);
  });
}
