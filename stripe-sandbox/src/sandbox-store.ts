/** The sandbox's state: every object by id, answers by idempotency key, the test clock's offset. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { realNow, type Body, type StripeObject } from './sandbox-common.js';
import { isExpired, SandboxJournal, type IdempotentAnswer, type State } from './sandbox-journal.js';
import { freshObject } from './sandbox-objects.js';

export type { IdempotentAnswer, State } from './sandbox-journal.js';

const REAL_TIME_RESOURCES = new Set([
  'checkout.session',
  'billing_portal.session',
  'customer',
  'payment_method',
]);

/** Fields whose objects are looked up by the id they hold: an invoice's payments. */
const INDEXED_FIELDS: Record<string, string[]> = { invoice_payment: ['invoice'] };

/** How often (in answers remembered) expired idempotency keys are swept from memory. */
const SWEEP_EVERY = 1_000;

export class SandboxStore {
  readonly state: State;
  /** Ids by object type: lists read one type, not every object. */
  private readonly ids = new Map<string, Set<string>>();
  /** Each object's place in the order of creation, which breaks ties of `created`. */
  private readonly order = new Map<string, number>();
  /** Ids by `type.field=value`, for INDEXED_FIELDS. */
  private readonly referrers = new Map<string, Set<string>>();
  private readonly journal?: SandboxJournal;
  private remembered = 0;
  /** While true, billing records no events (seeding a long history). */
  quiet = false;
  /** The sandbox's own address, for the links its objects carry (known once it listens). */
  url = '';
  /** The clock of customers created without `test_clock` (none, as at Stripe, unless set). */
  defaultClock: string | null = null;
  /** The test clock whose objects are being worked on (see onClock). */
  private readonly clockScope = new AsyncLocalStorage<string | null>();

  /** `dataFile`: where state is kept between restarts; in memory only when undefined. */
  constructor(dataFile: string | undefined) {
    this.journal = dataFile ? new SandboxJournal(dataFile, () => this.state) : undefined;
    this.state = this.journal?.load() ?? { objects: {}, idempotency: {} };
    for (const object of Object.values(this.state.objects)) this.index(object);
  }

  /**
   * The time, in Unix seconds, of the test clock being worked on (see onClock): a clock made
   * through the API is frozen at its `frozen_time`; objects on no clock or on `clock_sandbox`
   * follow the sandbox's own time, which runs on from where `clock_sandbox` was last moved.
   */
  now(): number {
    const clock = this.clockScope.getStore();
    const frozen = clock ? this.state.objects[clock] : undefined;
    if (frozen?.object === 'test_helpers.test_clock') return Number(frozen.frozen_time);
    return this.sandboxNow();
  }

  /** The sandbox's own time (`clock_sandbox`'s). */
  sandboxNow(): number {
    return realNow() + (this.state.clockOffset ?? 0);
  }

  /** The clock being worked on (none: the sandbox's own time). */
  currentClock(): string | null {
    return this.clockScope.getStore() ?? null;
  }

  /** Runs `work` on the time of `clock` (none: the sandbox's own time). */
  onClock<T>(clock: string | null | undefined, work: () => T): T {
    return this.clockScope.run(clock ?? null, work);
  }

  /** The test clock an object belongs to: its own, or its customer's (none for most). */
  clockOf(id: unknown): string | null {
    const object = typeof id === 'string' ? this.state.objects[id] : undefined;
    if (!object) return null;
    if (typeof object.test_clock === 'string') return object.test_clock;
    const customer =
      typeof object.customer === 'string' ? this.state.objects[object.customer] : undefined;
    return typeof customer?.test_clock === 'string' ? customer.test_clock : null;
  }

  get<T extends StripeObject = StripeObject>(id: string): T | undefined {
    return this.state.objects[id] as T | undefined;
  }

  /** Every object of a type matching `where`, newest first (see `newestFirst`). */
  all(object: string, where: (candidate: StripeObject) => boolean = () => true) {
    const matching: StripeObject[] = [];
    for (const id of this.ids.get(object) ?? []) {
      const candidate = this.state.objects[id];
      if (where(candidate)) matching.push(candidate);
    }
    return matching.sort(this.newestFirst);
  }

  /**
   * Stripe's list order: newest `created` first, objects of the same second in reverse order of
   * creation (the order Stripe's ids give them).
   */
  readonly newestFirst = (a: StripeObject, b: StripeObject): number =>
    Number(b.created) - Number(a.created) ||
    (this.order.get(b.id) ?? 0) - (this.order.get(a.id) ?? 0);

  /** The objects of `type` whose `field` holds `id` (an indexed field), newest first. */
  referencing(type: string, field: string, id: string): StripeObject[] {
    return [...(this.referrers.get(`${type}.${field}=${id}`) ?? [])]
      .map((referrer) => this.state.objects[referrer])
      .sort(this.newestFirst);
  }

  save(object: StripeObject): StripeObject {
    const previous = this.state.objects[object.id];
    this.state.objects[object.id] = object;
    this.index(object, previous);
    this.journal?.changed(`o${object.id}`);
    return object;
  }

  private index(object: StripeObject, previous?: StripeObject): void {
    const type = String(object.object);
    if (!this.ids.has(type)) this.ids.set(type, new Set());
    this.ids.get(type)!.add(object.id);
    if (!this.order.has(object.id)) this.order.set(object.id, this.order.size);
    for (const field of INDEXED_FIELDS[type] ?? []) {
      if (previous && previous[field] !== object[field])
        this.referrers.get(`${type}.${field}=${String(previous[field])}`)?.delete(object.id);
      const key = `${type}.${field}=${String(object[field])}`;
      if (!this.referrers.has(key)) this.referrers.set(key, new Set());
      this.referrers.get(key)!.add(object.id);
    }
  }

  /** Records the test clock's offset (set in `state.clockOffset`). */
  persist(): void {
    this.journal?.changed('c');
  }

  /** The answer given to an idempotency key in the last 24 hours, if any. */
  idempotent(key: string): IdempotentAnswer | undefined {
    const answer = this.state.idempotency[key];
    if (!answer || !isExpired(answer)) return answer;
    delete this.state.idempotency[key];
    return undefined;
  }

  remember(key: string, answer: IdempotentAnswer): void {
    this.state.idempotency[key] = answer;
    this.journal?.changed(`i${key}`);
    this.remembered += 1;
    if (this.remembered % SWEEP_EVERY === 0)
      for (const [candidate, kept] of Object.entries(this.state.idempotency))
        if (isExpired(kept)) delete this.state.idempotency[candidate];
  }

  /** Resolves once every change so far is written (nothing to do in memory). */
  async flush(): Promise<void> {
    await this.journal?.flush();
  }

  /**
   * A new object of its kind, as Stripe makes one (sandbox-objects.ts), with our values laid over
   * it. Billing objects are created on the test clock; checkout and portal sessions, customers and
   * cards on real time, as at Stripe.
   */
  fromFixture(resource: string, values: Body): StripeObject {
    const base = freshObject(resource);
    if ('created' in base)
      base.created = REAL_TIME_RESOURCES.has(resource) ? realNow() : this.now();
    return { ...base, ...values } as unknown as StripeObject;
  }
}
