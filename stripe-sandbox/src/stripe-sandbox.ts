/**
 * A local stand-in for the part of Stripe's HTTP API the product uses, for development and tests
 * only (like Stripe's own stripe-mock, which cannot run here). The backend reaches it through the
 * official SDK configured with this server's address. It serves a test checkout page and sends
 * signed webhook events exactly as Stripe does, retrying until the backend answers 2xx.
 *
 * Billing runs on test clocks (sandbox-clocks.ts): advancing one renews the subscriptions on it,
 * moves subscription schedules to their next phase and charges the customer's default card, with
 * the events Stripe sends for each step. Objects on no clock follow the sandbox's own time, which
 * `clock_sandbox` moves.
 *
 * This file is the server and the public API the tests drive. The parts: the protocol every answer
 * follows (test keys, Request-Id, errors, expand, idempotency, faults), the store (state, and its
 * snapshot and journal on disk), the billing engine and invoicing, checkout, event delivery, the
 * fault switches, and a router per group of Stripe resources.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import qs from 'qs';
import { registerCheckoutRoutes } from './routes/checkout.routes.js';
import { registerCouponRoutes } from './routes/coupons.routes.js';
import { registerCustomerRoutes } from './routes/customers.routes.js';
import { registerEventRoutes } from './routes/events.routes.js';
import { registerInvoiceRoutes } from './routes/invoices.routes.js';
import { registerListRoutes } from './routes/lists.routes.js';
import { registerPaymentIntentRoutes } from './routes/payment-intents.routes.js';
import { registerPortalRoutes } from './routes/portal.routes.js';
import type { SandboxParts } from './routes/route-helpers.js';
import { registerSubscriptionRoutes } from './routes/subscriptions.routes.js';
import { registerTestClockRoutes } from './routes/test-clocks.routes.js';
import { SandboxBillingEngine } from './sandbox-billing-engine.js';
import { SandboxCheckout } from './sandbox-checkout.js';
import { registerClockScope, SandboxClocks } from './sandbox-clocks.js';
import { realNow, type StripeObject } from './sandbox-common.js';
import { SandboxEvents } from './sandbox-events.js';
import { SandboxExpander } from './sandbox-expand.js';
import { SandboxFaults, type SandboxFault } from './sandbox-faults.js';
import {
  DEFAULT_RETRY_SETTINGS,
  SandboxInvoicing,
  type RetrySettings,
} from './sandbox-invoicing.js';
import { registerParamChecks } from './sandbox-params.js';
import { newRequestId, registerProtocol } from './sandbox-protocol.js';
import {
  registerRequestScope,
  registerTrafficRecorder,
  type SandboxTraffic,
} from './sandbox-requests.js';
import { SandboxStore } from './sandbox-store.js';

export { SANDBOX_CLOCK_ID, SANDBOX_PRICES } from './sandbox-catalogue.js';
export { addMonths } from './sandbox-common.js';
export type { SandboxFault } from './sandbox-faults.js';
export type { SandboxTraffic } from './sandbox-requests.js';

export interface SandboxOptions {
  /**
   * Where state is kept between restarts (a snapshot, with its journal of changes beside it);
   * in memory only when undefined.
   */
  dataFile?: string;
  webhookSecret: string;
  /** The backend's webhook endpoint; resolved at delivery time, since the backend may start later. */
  webhookUrl: () => string | undefined;
  host?: string;
  port?: number;
  /** Delay before the first redelivery of a refused event (doubling after). */
  retryDelayMs?: number;
  /** Tests only: every JSON answer of the API and every event, as sent. */
  onTraffic?: (traffic: SandboxTraffic) => void;
  /**
   * Tests only: the test clock's time (Unix seconds) for a new state, so that a history played
   * on the clock can end before the present (the clock then moves forward only).
   */
  clockStart?: number;
  /**
   * Smart Retries: the days after a failed renewal's first attempt on which the sandbox charges
   * again as its clock passes them (default 3, 5, 7 and 14), each attempt with its events.
   */
  retryDays?: number[];
  /**
   * What a subscription becomes once its last retry has failed, as an account's "manage failed
   * payments" setting says: `canceled` (the default), `unpaid`, or `past_due` (left as it is).
   */
  afterFailedRetries?: RetrySettings['afterFailedRetries'];
  /**
   * The clock of customers created without `test_clock` (none by default, as at Stripe): a
   * product that creates its customers without one, tested on `clock_sandbox`, sets it so that
   * its objects name the clock whose time they follow.
   */
  defaultTestClock?: string;
}

export class StripeSandbox {
  private readonly app: FastifyInstance;
  private readonly store: SandboxStore;
  private readonly faults = new SandboxFaults();
  private readonly events: SandboxEvents;
  private readonly engine: SandboxBillingEngine;
  private readonly checkout: SandboxCheckout;
  private readonly clocks: SandboxClocks;

  constructor(private readonly options: SandboxOptions) {
    this.store = new SandboxStore(options.dataFile);
    if (options.clockStart !== undefined && this.store.state.clockOffset === undefined)
      this.store.state.clockOffset = options.clockStart - realNow();
    this.events = new SandboxEvents(this.store, options);
    this.engine = new SandboxBillingEngine(
      this.store,
      this.events,
      new SandboxInvoicing(this.store, this.events, {
        retryDays: options.retryDays ?? DEFAULT_RETRY_SETTINGS.retryDays,
        afterFailedRetries: options.afterFailedRetries ?? DEFAULT_RETRY_SETTINGS.afterFailedRetries,
      }),
    );
    this.checkout = new SandboxCheckout(this.store, this.events, this.engine);
    this.clocks = new SandboxClocks(this.store, this.events, this.engine);
    this.store.defaultClock = options.defaultTestClock ?? null;
    this.app = Fastify({
      logger: false,
      // Every answer carries its Request-Id, as Stripe's do.
      genReqId: newRequestId,
      routerOptions: {
        querystringParser: (query: string) => qs.parse(query, { depth: 5, arrayLimit: 100 }),
      },
    });
    this.app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) =>
        done(null, qs.parse(body as string, { depth: 10, arrayLimit: 100 })),
    );
    this.routes();
    registerRequestScope(this.app);
    registerClockScope(this.app, this.store);
    if (options.onTraffic) registerTrafficRecorder(this.app, options.onTraffic);
  }

  /** The sandbox's address, once started. */
  get url(): string {
    return this.store.url;
  }
  set url(url: string) {
    this.store.url = url;
  }

  /** While true, events are recorded but never delivered: a webhook that does not arrive. */
  get holdDeliveries(): boolean {
    return this.events.holdDeliveries;
  }
  set holdDeliveries(hold: boolean) {
    this.events.holdDeliveries = hold;
  }

  /** The ids of events whose deliveries were given up after three days of clock time. */
  get abandonedEvents(): readonly string[] {
    return this.events.abandoned;
  }

  /** Events on their way to the backend or waiting to be retried. */
  get pendingDeliveries(): number {
    return this.events.pendingDeliveries;
  }

  async start(): Promise<string> {
    const address = await this.app.listen({
      host: this.options.host ?? '127.0.0.1',
      port: this.options.port ?? 0,
    });
    this.url = address.replace('127.0.0.1', 'localhost');
    return this.url;
  }

  /** Stops listening and redelivering, once every change is written to the data file. */
  async stop(): Promise<void> {
    this.events.stop();
    await this.app.close();
    await this.store.flush();
  }

  /** The sandbox's own time (`clock_sandbox`'s), in Unix seconds. */
  now(): number {
    return this.store.sandboxNow();
  }

  get<T extends StripeObject = StripeObject>(id: string): T | undefined {
    return this.store.get<T>(id);
  }

  /** Every object of a type, newest first. */
  objects(object: string): StripeObject[] {
    return this.store.all(object);
  }

  /**
   * The next `count` API calls under `path` meet `fault` (see SandboxFault): the network and
   * Stripe's own failures, for tests of retries and idempotency.
   */
  injectFaults(count: number, fault: SandboxFault, path = '/v1/'): void {
    this.faults.injectFaults(count, fault, path);
  }

  /**
   * The answers to the next `count` API calls (under `path`) are lost after Stripe has acted (a timeout seen
   * from the client): the caller sees a 500, and only its idempotency key can tell it what happened.
   */
  loseNextResponses(count: number, path = '/v1/'): void {
    this.faults.loseNextResponses(count, path);
  }

  /** The next `count` API calls answer 500, as Stripe does when it has a problem of its own. */
  failNextRequests(count: number): void {
    this.faults.failNextRequests(count);
  }

  /** Faults injected and not met yet. */
  get pendingFaults(): number {
    return this.faults.pendingFaults;
  }

  /**
   * Bills an active subscription `count` more times, as if that many periods had passed, without
   * events: a long payment history for syncs to read (10,000 invoices in the benchmark).
   */
  seedInvoiceHistory(subscriptionId: string, count: number): void {
    this.engine.seedInvoiceHistory(subscriptionId, count);
  }

  /**
   * Moves the test clock to `time`, running what Stripe's billing would in between: period ends
   * cancel or renew subscriptions, and schedules start their next phase or release at the end.
   */
  advance(time: number): void {
    this.engine.advance(time);
  }

  /** What paying on the checkout page does: a card, a subscription and its first invoice, a complete session. */
  pay(session: StripeObject, promo?: StripeObject): StripeObject {
    return this.checkout.pay(session, promo);
  }

  /** Records an event and delivers it, signed as Stripe signs, until the backend accepts it. */
  emit(type: string, object: StripeObject, previous?: StripeObject): StripeObject | undefined {
    return this.events.emit(type, object, previous);
  }

  private routes(): void {
    const api = this.app;
    registerParamChecks(api);
    const parts: SandboxParts = {
      store: this.store,
      events: this.events,
      engine: this.engine,
      checkout: this.checkout,
      clocks: this.clocks,
    };
    registerProtocol(api, {
      store: this.store,
      faults: this.faults,
      expander: new SandboxExpander(parts),
    });
    registerCustomerRoutes(api, parts);
    registerCheckoutRoutes(api, parts);
    registerPortalRoutes(api, parts);
    registerSubscriptionRoutes(api, parts);
    registerCouponRoutes(api, parts);
    registerInvoiceRoutes(api, parts);
    registerPaymentIntentRoutes(api, parts);
    registerEventRoutes(api, parts);
    registerListRoutes(api, parts);
    registerTestClockRoutes(api, parts);
  }
}
