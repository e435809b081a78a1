/**
 * What the sandbox knows of an object that Stripe's object has no field for (the price a checkout
 * session sells, a test card that declines, a coupon that applies once): kept in the store beside
 * the object, under an id of its own, so it never reaches an answer or an event.
 */
import type { Body } from './sandbox-common.js';
import type { SandboxStore } from './sandbox-store.js';

const PRIVATE_OBJECT = 'sandbox.private';
const privateId = (id: string) => `${id}#sandbox`;

export function privateOf<T extends Body = Body>(store: SandboxStore, id: string): Partial<T> {
  const { id: _id, object: _object, ...values } = store.get(privateId(id)) ?? {};
  return values as Partial<T>;
}

export function setPrivate(store: SandboxStore, id: string, values: Body): void {
  store.save({ ...privateOf(store, id), ...values, id: privateId(id), object: PRIVATE_OBJECT });
}
