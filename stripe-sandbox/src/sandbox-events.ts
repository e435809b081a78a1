/**
 * Event delivery: every event is recorded, then sent signed as Stripe signs it, retrying with a
 * doubling delay until the backend answers 2xx (or held back, for a webhook that never arrives).
 */
import Stripe from 'stripe';
import { newId, type StripeObject } from './sandbox-common.js';
import { eventRequest } from './sandbox-requests.js';
import type { SandboxStore } from './sandbox-store.js';
import type { SandboxOptions } from './stripe-sandbox.js';

export class SandboxEvents {
  private readonly signer = new Stripe('sk_test_sandbox_signer');
  private readonly timers = new Set<NodeJS.Timeout>();
  private sending = 0;
  /** While true, events are recorded but never delivered: a webhook that does not arrive. */
  holdDeliveries = false;

  /** Deliveries on their way or waiting to be retried: none once the backend has every event. */
  get pendingDeliveries(): number {
    return this.sending + this.timers.size;
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
    for (const timer of this.timers) clearTimeout(timer);
  }

  /**
   * Records an event and delivers it, signed as Stripe signs, until the backend accepts it. Its
   * `request` is the API call being handled, if any (none for billing on the test clock).
   */
  emit(type: string, object: StripeObject, previous?: StripeObject): StripeObject | undefined {
    if (this.store.quiet) return undefined;
    const previousAttributes = previous
      ? Object.fromEntries(
          Object.entries(previous).filter(
            ([key, value]) => JSON.stringify(value) !== JSON.stringify(object[key]),
          ),
        )
      : undefined;
    const event = this.store.save(
      this.store.fromFixture('event', {
        id: newId('event'),
        type,
        api_version: Stripe.API_VERSION,
        data: {
          object: structuredClone(object),
          ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
        },
        pending_webhooks: 1,
        request: eventRequest(),
      }),
    );
    this.options.onTraffic?.({ kind: 'event', body: structuredClone(event) });
    if (!this.holdDeliveries) this.deliver(event, 0);
    return event;
  }

  /** An `*.updated` event, sent only when the update changed something (as Stripe does). */
  emitChange(type: string, object: StripeObject, previous: StripeObject): void {
    if (JSON.stringify(object) !== JSON.stringify(previous)) this.emit(type, object, previous);
  }

  private deliver(event: StripeObject, attempt: number): void {
    const url = this.options.webhookUrl();
    const retry = () => {
      if (attempt >= 8) return;
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          this.deliver(event, attempt + 1);
        },
        (this.options.retryDelayMs ?? 1_000) * 2 ** attempt,
      );
      this.timers.add(timer);
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
