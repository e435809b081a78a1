/** The sandbox's state: every object by id, answers by idempotency key, the test clock's offset. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { realNow, type Body, type StripeObject } from './sandbox-common.js';
import { freshObject } from './sandbox-objects.js';

const REAL_TIME_RESOURCES = new Set([
  'checkout.session',
  'billing_portal.session',
  'customer',
  'payment_method',
]);

export interface State {
  objects: Record<string, StripeObject>;
  idempotency: Record<string, { status: number; body: unknown }>;
  /** Seconds the test clock runs ahead of real time. */
  clockOffset?: number;
}

export class SandboxStore {
  state: State = { objects: {}, idempotency: {} };
  /** Ids by object type, in order of creation: lists read one type, not every object. */
  private readonly ids = new Map<string, Set<string>>();
  /** While true, billing records no events (seeding a long history). */
  quiet = false;
  /** The sandbox's own address, for the links its objects carry (known once it listens). */
  url = '';

  /** `dataFile`: where state is kept between restarts; in memory only when undefined. */
  constructor(private readonly dataFile: string | undefined) {
    if (dataFile && existsSync(dataFile)) {
      this.state = JSON.parse(readFileSync(dataFile, 'utf8')) as State;
    }
    for (const object of Object.values(this.state.objects)) this.index(object);
  }

  /** The test clock's time, in Unix seconds. */
  now(): number {
    return realNow() + (this.state.clockOffset ?? 0);
  }

  get<T extends StripeObject = StripeObject>(id: string): T | undefined {
    return this.state.objects[id] as T | undefined;
  }

  all(object: string, where: (candidate: StripeObject) => boolean = () => true) {
    // Newest first; objects of the same second in reverse order of creation, as Stripe lists them.
    return [...(this.ids.get(object) ?? [])]
      .map((id, order) => ({ candidate: this.state.objects[id], order }))
      .filter(({ candidate }) => where(candidate))
      .sort(
        (a, b) => Number(b.candidate.created) - Number(a.candidate.created) || b.order - a.order,
      )
      .map(({ candidate }) => candidate);
  }

  save(object: StripeObject): StripeObject {
    this.state.objects[object.id] = object;
    this.index(object);
    this.persist();
    return object;
  }

  private index(object: StripeObject): void {
    const type = String(object.object);
    if (!this.ids.has(type)) this.ids.set(type, new Set());
    this.ids.get(type)!.add(object.id);
  }

  persist(): void {
    if (this.quiet) return;
    if (!this.dataFile) return;
    // With a PostgreSQL server (no embedded database), nothing else may have created the folder.
    mkdirSync(dirname(this.dataFile), { recursive: true });
    writeFileSync(this.dataFile, JSON.stringify(this.state));
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
