// The decorators the environment settings share: trimming, booleans, and required in production or with a Stripe key.
import { Transform } from 'class-transformer';
import { ValidateIf } from 'class-validator';

export const trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

// The raw string, not `value`: implicit conversion has already made any non-empty string true.
export const booleanFromEnv = () =>
  Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
    const raw = obj[key];
    return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : raw;
  });

export const requiredInProduction: string[] = [];
export const requiredWithStripeKey: string[] = [];

/** Validated when set, and required in production. */
export const RequiredInProduction = (): PropertyDecorator => (target, property) => {
  requiredInProduction.push(String(property));
  ValidateIf(
    (env: { NODE_ENV?: string }, value: unknown) =>
      env.NODE_ENV === 'production' || value !== undefined,
  )(target, property);
};

/** Validated when set, and required with STRIPE_SECRET_KEY. */
export const RequiredWithStripeKey = (): PropertyDecorator => (target, property) => {
  requiredWithStripeKey.push(String(property));
  ValidateIf(
    (env: { STRIPE_SECRET_KEY?: string }, value: unknown) =>
      env.STRIPE_SECRET_KEY !== undefined || value !== undefined,
  )(target, property);
};
