/**
 * @leadpulse/stripe-sandbox: a local stand-in for the part of Stripe's API the product uses, for
 * development and tests only. The product loads it by one dynamic import when no Stripe key is
 * set (backend/src/stripe/local-sandbox.ts); its production bundle holds none of it.
 */
export {
  addMonths,
  SANDBOX_CLOCK_ID,
  SANDBOX_PRICES,
  StripeSandbox,
  type SandboxFault,
  type SandboxOptions,
  type SandboxTraffic,
} from './stripe-sandbox.js';
export { readState, type State } from './sandbox-journal.js';
export type { RetrySettings } from './sandbox-invoicing.js';
export { sandboxSettings, SandboxSettingsError } from './sandbox-settings.js';
export { STRIPE_FIXTURES } from './stripe-fixtures.js';
