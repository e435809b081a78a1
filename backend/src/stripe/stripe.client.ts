import Stripe from 'stripe';
import type { AppConfig } from '../config/app-config.js';

export const STRIPE = Symbol('STRIPE');

/** A key for the local sandbox, which accepts any well-formed test key. */
const SANDBOX_KEY = 'sk_test_local_sandbox';

/**
 * The official SDK, pointed at Stripe or, in development and tests, at the local sandbox: only
 * the configured host differs, the code is the same.
 */
export function createStripeClient(config: AppConfig): Stripe {
  const url = new URL(config.stripe.apiUrl);
  return new Stripe(config.stripe.secretKey ?? SANDBOX_KEY, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: config.appName, version: config.version },
  });
}
