import { readFileSync } from 'node:fs';

/**
 * Stripe's own example object for each resource the sandbox serves, from Stripe's published
 * OpenAPI fixtures (MIT licence, see vendor/STRIPE-FIXTURES-LICENSE), verbatim in
 * vendor/stripe-fixtures.json: sandbox-objects.ts derives from each what a new object of its kind
 * looks like. Read from beside src/ and dist/ alike.
 */
export const STRIPE_FIXTURES: Record<string, Record<string, unknown>> = JSON.parse(
  readFileSync(new URL('../vendor/stripe-fixtures.json', import.meta.url), 'utf8'),
);
