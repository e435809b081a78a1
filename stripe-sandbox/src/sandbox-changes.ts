/**
 * What an `*.updated` event's `previous_attributes` holds: the values the update replaced, and of
 * a nested object only its keys that changed (Stripe sends `{ metadata: { plan: 'old' } }`, not the
 * whole metadata). Arrays (a list's `data`, `discounts`) are values of their own, sent whole.
 */
import type { Body } from './sandbox-common.js';

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The keys of `previous` whose values `current` no longer has, nested objects by their changed keys. */
export function previousAttributes(previous: Body, current: Body): Body {
  const changed: Body = {};
  for (const [key, before] of Object.entries(previous)) {
    const after = current[key];
    if (same(before, after)) continue;
    changed[key] = isObject(before) && isObject(after) ? nestedChanges(before, after) : before;
  }
  return changed;
}

/** A nested object's changes: its keys that changed, and a removed key as it was. */
function nestedChanges(before: Body, after: Body): Body {
  const changed = previousAttributes(before, after);
  // A key the update added had no value before: Stripe reports it as null.
  for (const key of Object.keys(after)) if (!(key in before)) changed[key] = null;
  return changed;
}
