/** The fault switches: failures the next API calls meet, for tests of retries and idempotency. */

/**
 * What can go wrong with a call. Before Stripe acts: `error` (a 500 of Stripe's own), `conflict`
 * (409, another request holds the idempotency key), `reset` (the connection drops). After it
 * has acted: `lost` (the answer is a 500) and `reset-after` (the connection drops on the answer).
 */
export type SandboxFault = 'error' | 'conflict' | 'reset' | 'lost' | 'reset-after';

export class SandboxFaults {
  private faults: { fault: SandboxFault; path: string }[] = [];

  /**
   * The next `count` API calls under `path` meet `fault` (see SandboxFault): the network and
   * Stripe's own failures, for tests of retries and idempotency.
   */
  injectFaults(count: number, fault: SandboxFault, path = '/v1/'): void {
    for (let index = 0; index < count; index += 1) this.faults.push({ fault, path });
  }

  /**
   * The answers to the next `count` API calls (under `path`) are lost after Stripe has acted (a timeout seen
   * from the client): the caller sees a 500, and only its idempotency key can tell it what happened.
   */
  loseNextResponses(count: number, path = '/v1/'): void {
    this.injectFaults(count, 'lost', path);
  }

  /** The next `count` API calls answer 500, as Stripe does when it has a problem of its own. */
  failNextRequests(count: number): void {
    this.injectFaults(count, 'error');
  }

  /** Faults injected and not met yet. */
  get pendingFaults(): number {
    return this.faults.length;
  }

  /** Takes the first fault waiting for this request, among `kinds`. */
  takeFault(url: string, kinds: SandboxFault[]): SandboxFault | undefined {
    const index = this.faults.findIndex(
      (candidate) => url.startsWith(candidate.path) && kinds.includes(candidate.fault),
    );
    return index < 0 ? undefined : this.faults.splice(index, 1)[0].fault;
  }
}
