import { createHash } from 'node:crypto';

/** `value` as JSON with every object's keys sorted, so equal parameters give equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * An idempotency key that names what a call creates: `scope` and a digest of its parameters.
 * A retry of the same creation replays Stripe's first answer; a creation with other
 * parameters (a member renamed since) is a new request rather than Stripe's 400 for a key
 * reused with different parameters, which lasts the key's 24 hours.
 */
export function creationKey(scope: string, params: object): string {
  const digest = createHash('sha256').update(canonical(params)).digest('base64url');
  return `${scope}:${digest.slice(0, 32)}`;
}
