/**
 * The sandbox's own settings, read from the environment here (the product's configuration knows
 * nothing of them): its Smart Retries and what becomes of a subscription whose last retry failed.
 */
import { DEFAULT_RETRY_SETTINGS, type RetrySettings } from './sandbox-invoicing.js';

const AFTER_RETRIES: RetrySettings['afterFailedRetries'][] = ['canceled', 'unpaid', 'past_due'];

/** A setting the sandbox cannot use, with the message that says which and why. */
export class SandboxSettingsError extends Error {}

/**
 * `STRIPE_SANDBOX_RETRY_DAYS` (comma-separated days after a failed renewal's first attempt,
 * default 3,5,7,14) and `STRIPE_SANDBOX_AFTER_RETRIES` (`canceled`, the default, `unpaid` or
 * `past_due`).
 */
export function sandboxSettings(env: NodeJS.ProcessEnv = process.env): RetrySettings {
  const days = env.STRIPE_SANDBOX_RETRY_DAYS?.trim();
  if (days && !/^\d{1,2}(\s*,\s*\d{1,2})*$/.test(days))
    throw new SandboxSettingsError(
      'STRIPE_SANDBOX_RETRY_DAYS must be whole days separated by commas, such as 3,5,7,14',
    );
  const after = env.STRIPE_SANDBOX_AFTER_RETRIES ?? DEFAULT_RETRY_SETTINGS.afterFailedRetries;
  if (!AFTER_RETRIES.includes(after as RetrySettings['afterFailedRetries']))
    throw new SandboxSettingsError(
      `STRIPE_SANDBOX_AFTER_RETRIES must be one of ${AFTER_RETRIES.join(', ')}`,
    );
  return {
    retryDays:
      days === undefined
        ? DEFAULT_RETRY_SETTINGS.retryDays
        : days
            .split(',')
            .map((day) => day.trim())
            .filter(Boolean)
            .map(Number),
    afterFailedRetries: after as RetrySettings['afterFailedRetries'],
  };
}
