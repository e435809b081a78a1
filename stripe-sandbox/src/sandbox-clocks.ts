/**
 * Test clocks as Stripe has them. A clock made through the API is frozen at its `frozen_time`;
 * a customer is on it only when created with `test_clock`, and its subscriptions, invoices and
 * events live on its time. Advancing answers `advancing`; the clock is `ready` again (with its
 * event) once billing has caught up; an advance past two intervals of the shortest subscription
 * on the clock (two years when it has none) is refused, as at Stripe.
 *
 * `clock_sandbox` stands for the sandbox's own time: objects on no clock follow it as they follow
 * real time at Stripe, and the dashboard and tests move it as far as they like.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxBillingEngine } from './sandbox-billing-engine.js';
import { SANDBOX_CLOCK_ID, SANDBOX_PRICES } from './sandbox-catalogue.js';
import {
  addMonths,
  newId,
  realNow,
  subscriptionItem,
  type Body,
  type StripeObject,
} from './sandbox-common.js';
import type { SandboxEvents } from './sandbox-events.js';
import { automatically } from './sandbox-requests.js';
import type { SandboxStore } from './sandbox-store.js';

/** How long Stripe keeps a test clock (and its objects) after its creation. */
const KEPT_FOR = 30 * 24 * 60 * 60;

export class SandboxClocks {
  /** Where `clock_sandbox` is advancing to, while it is. */
  private sandboxTarget?: number;

  constructor(
    readonly store: SandboxStore,
    private readonly events: SandboxEvents,
    private readonly engine: SandboxBillingEngine,
  ) {}

  /** A clock by id, as Stripe answers it; undefined when there is none (or it was deleted). */
  get(id: string): StripeObject | undefined {
    if (id === SANDBOX_CLOCK_ID) return this.sandboxClock();
    const clock = this.store.get(id);
    return clock?.object === 'test_helpers.test_clock' && !clock.deleted ? clock : undefined;
  }

  /** The clocks made through the API, newest first. */
  list(): StripeObject[] {
    return this.store.all('test_helpers.test_clock', (clock) => !clock.deleted);
  }

  create(frozenTime: number, name: string | null): StripeObject {
    const created = realNow();
    const clock = this.store.save({
      id: newId('test_helpers.test_clock'),
      object: 'test_helpers.test_clock',
      created,
      deletes_after: created + KEPT_FOR,
      frozen_time: frozenTime,
      livemode: false,
      name,
      status: 'ready',
      status_details: {},
    });
    automatically(() => this.events.emit('test_helpers.test_clock.created', clock));
    return clock;
  }

  /** Deletes a clock made through the API (kept in the store, gone from the API). */
  delete(clock: StripeObject): StripeObject {
    this.store.save({ ...clock, deleted: true });
    automatically(() => this.events.emit('test_helpers.test_clock.deleted', clock));
    return { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
  }

  /** Why the clock cannot move to `frozenTime`, or undefined when it can. */
  refusal(clock: StripeObject, frozenTime: number): string | undefined {
    if (clock.status === 'advancing')
      return 'The test clock is advancing: wait until its status is ready to advance it again.';
    if (!Number.isInteger(frozenTime) || frozenTime <= Number(clock.frozen_time))
      return 'The frozen_time must be later than the current time.';
    if (clock.id === SANDBOX_CLOCK_ID) return undefined;
    const months = this.engine
      .liveOn(clock.id)
      .map(
        (subscription) =>
          SANDBOX_PRICES[String((subscriptionItem(subscription).price as StripeObject).id)]
            ?.interval_count ?? 1,
      );
    const limit = months.length
      ? addMonths(Number(clock.frozen_time), 2 * Math.min(...months))
      : addMonths(Number(clock.frozen_time), 24);
    if (frozenTime <= limit) return undefined;
    return months.length
      ? `Cannot advance the test clock more than two intervals beyond its current frozen time: the shortest subscription on it renews every ${Math.min(...months)} month(s), so frozen_time can be at most ${limit}.`
      : `Cannot advance a test clock without subscriptions more than two years beyond its current frozen time: frozen_time can be at most ${limit}.`;
  }

  /**
   * Starts moving the clock: the answer is the clock `advancing` (at its old time, its target in
   * `status_details`), with Stripe's event; billing catches up at once, and the clock is `ready`
   * at its new time right after, with its event.
   */
  advance(clock: StripeObject, frozenTime: number): StripeObject {
    const advancing = this.setStatus(clock, frozenTime);
    automatically(() => this.events.emit('test_helpers.test_clock.advancing', advancing));
    this.engine.advance(frozenTime, clock.id);
    setImmediate(() => {
      const ready = this.setStatus(this.get(clock.id) ?? clock, undefined);
      automatically(() => this.events.emit('test_helpers.test_clock.ready', ready));
    });
    return advancing;
  }

  /** The clock advancing to `target`, or ready (target undefined). */
  private setStatus(clock: StripeObject, target: number | undefined): StripeObject {
    const status = target === undefined ? 'ready' : 'advancing';
    const details = target === undefined ? {} : { advancing: { target_frozen_time: target } };
    if (clock.id === SANDBOX_CLOCK_ID) {
      this.sandboxTarget = target;
      return this.sandboxClock();
    }
    return this.store.save({ ...clock, status, status_details: details });
  }

  /** `clock_sandbox`: the sandbox's own time (its old time while it advances). */
  private sandboxClock(): StripeObject {
    const advancing = this.sandboxTarget !== undefined;
    const now = this.store.sandboxNow();
    return this.store.fromFixture('test_helpers.test_clock', {
      id: SANDBOX_CLOCK_ID,
      created: realNow(),
      deletes_after: now + KEPT_FOR,
      frozen_time: now,
      name: 'Sandbox clock',
      status: advancing ? 'advancing' : 'ready',
      status_details: advancing ? { advancing: { target_frozen_time: this.sandboxTarget } } : {},
    });
  }
}

/**
 * Runs each API call on the time of the clock its objects are on: the clock named at a customer's
 * creation, or that of the object in the path or of the customer or subscription it names.
 */
export function registerClockScope(api: FastifyInstance, store: SandboxStore): void {
  api.addHook('preHandler', (request, _reply, done) => {
    if (!request.url.startsWith('/v1/')) return done();
    const body = (request.body ?? {}) as Body;
    const query = (request.query ?? {}) as Body;
    const named = [
      (request.params as { id?: string } | undefined)?.id,
      body.customer,
      body.subscription,
      body.from_subscription,
      body.charge,
      body.invoice,
      body.payment_intent,
      query.customer,
      query.subscription,
    ];
    const clock =
      typeof body.test_clock === 'string'
        ? body.test_clock
        : (named.map((id) => store.clockOf(id)).find((found) => found !== null) ?? null);
    if (!clock) return done();
    store.onClock(clock, done);
  });
}
