// The backend's environment, validated once: every settings area in one EnvironmentVariables.
import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { requiredInProduction, requiredWithStripeKey } from './environment-decorators.js';
import { LeadSettings } from './environment-leads.js';

/**
 * The environment variables the backend reads; every one is documented in the README. Each area's
 * settings class extends the one before: server, auth, limits, Stripe, mail, leads.
 */
export class EnvironmentVariables extends LeadSettings {}

/**
 * What production cannot start without: the settings it requires, then those required with
 * STRIPE_SECRET_KEY (itself required there). docker-compose.yml must pass each one.
 */
export const PRODUCTION_REQUIRES: readonly string[] = [
  ...requiredInProduction,
  ...requiredWithStripeKey,
];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment once; an empty value counts as unset. */
export function parseEnvironment(env: NodeJS.ProcessEnv): EnvironmentVariables {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = plainToInstance(EnvironmentVariables, present, {
    enableImplicitConversion: true,
    exposeDefaultValues: true,
  });
  const errors = validateSync(parsed, { skipMissingProperties: false });
  if (errors.length > 0) {
    throw new ConfigError(
      errors.map((error) => {
        const messages = Object.values(error.constraints ?? {});
        const value = error.property in present ? '' : ' (missing)';
        return `${error.property}${value}: ${messages.join('; ')}`;
      }),
    );
  }
  return parsed;
}
