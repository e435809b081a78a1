/**
 * Event delivery: every event is recorded, then sent signed as Stripe signs it, retrying with a
 * doubling delay until the backend answers 2xx, for up to three days of clock time as Stripe does
 * in live mode (or held back, for a webhook that never arrives).
 */
import Stripe from 'stripe';
import { previousAttributes } from './sandbox-changes.js';
import { newId, type StripeObject } from './sandbox-common.js';
import { eventRequest } from './sandbox-requests.js';
import type { SandboxStore } from './sandbox-store.js';
import type { SandboxOptions } from './stripe-sandbox.js';

/** How long Stripe keeps retrying a refused event (live mode): three days, then it gives up. */
export const RETRY_WINDOW_SECONDS = 3 * 24 * 60 * 60;

/** The longest real wait between two attempts, in doublings of the first delay. */
const MAX_DOUBLINGS = 7;

/** An event on its way, the attempt it is at, and the clock whose time its retries count in. */
interface Delivery {
  event: StripeObject;
  attempt: number;
  clock: string | null;
}

export class SandboxEvents {
  private readonly signer = new Stripe('sk_test_sandbox_signer');
  /** Redeliveries waiting for their time, with the event and the attempt each will make. */
  private readonly waiting = new Map<NodeJS.Timeout, Delivery>();
  private sending = 0;
  /** While true, events are recorded but never delivered: a webhook that does not arrive. */
  holdDeliveries = false;
  /** The ids of events given up after three days of refused deliveries. */
  readonly abandoned: string[] = [];

  /** Deliveries on their way or waiting to be retried: none once the backend has every event. */
  get pendingDeliveries(): number {
    return this.sending + this.waiting.size;
  }

  constructor(
    private readonly store: SandboxStore,
    private readonly options: Pick<
      SandboxOptions,
      'webhookSecret' | 'webhookUrl' | 'retryDelayMs' | 'onTraffic'
    >,
  ) {}

  /** Drops the redeliveries still waiting. */
  stop(): void {
    for (const timer of this.waiting.keys()) clearTimeout(timer);
    this.waiting.clear();
  }

  /**
   * The clock has moved: each waiting redelivery is due now (its backoff is measured in clock
   * time), and one whose event is more than three days old is given up.
   */
  clockMoved(): void {
    for (const [timer, delivery] of [...this.waiting]) {
      clearTimeout(timer);
      this.waiting.delete(timer);
      this.deliver(delivery);
    }
  }

  /**
   * Records an event and delivers it, signed as Stripe signs, until the backend accepts it. Its
   * `request` is the API call being handled, if any (none for billing on the test clock).
   */
  emit(type: string, object: StripeObject, previous?: StripeObject): StripeObject | undefined {
    if (this.store.quiet) return undefined;
    const changed = previous ? previousAttributes(previous, object) : undefined;
    const event = this.store.save(
      this.store.fromFixture('event', {
        id: newId('event'),
        type,
        api_version: Stripe.API_VERSION,
        data: {
          object: structuredClone(object),
          ...(changed ? { previous_attributes: changed } : {}),
        },
        pending_webhooks: 1,
        request: eventRequest(),
      }),
    );
    this.options.onTraffic?.({ kind: 'event', body: structuredClone(event) });
    if (!this.holdDeliveries) this.deliver({ event, attempt: 0, clock: this.store.currentClock() });
    return event;
  }

  /** An `*.updated` event, sent only when the update changed something (as Stripe does). */
  emitChange(type: string, object: StripeObject, previous: StripeObject): void {
    if (JSON.stringify(object) !== JSON.stringify(previous)) this.emit(type, object, previous);
  }

  private deliver({ event, attempt, clock }: Delivery): void {
    // Three days after the event, on the time of its clock, Stripe stops trying.
    const now = this.store.onClock(clock, () => this.store.now());
    if (attempt > 0 && now - Number(event.created) >= RETRY_WINDOW_SECONDS) {
      this.abandoned.push(event.id);
      return;
    }
    const url = this.options.webhookUrl();
    const retry = () => {
      const timer = setTimeout(
        () => {
          this.waiting.delete(timer);
          this.deliver({ event, attempt: attempt + 1, clock });
        },
        (this.options.retryDelayMs ?? 1_000) * 2 ** Math.min(attempt, MAX_DOUBLINGS),
      );
      this.waiting.set(timer, { event, attempt: attempt + 1, clock });
    };
    if (!url) return retry();
    const payload = JSON.stringify(event);
    const signature = this.signer.webhooks.generateTestHeaderString({
      payload,
      secret: this.options.webhookSecret,
    });
    this.sending += 1;
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    })
      .then((response) => {
        if (!response.ok) retry();
      })
      .catch(retry)
      .finally(() => {
        this.sending -= 1;
      });
  }
}
