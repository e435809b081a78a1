import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEncryptionKey, type AppConfig } from './app-config.js';

/** A secret generated once and kept in the data folder, for development only. */
function generatedSecret(config: AppConfig, name: string, create: () => string): string {
  const file = join(config.dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, create(), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * The configured JWT_SECRET, STRIPE_WEBHOOK_SECRET and MFA_ENCRYPTION_KEY, or outside production
 * ones generated once and kept in the data folder, so sessions, the local Stripe sandbox and
 * two-step verification work without anyone having to invent a secret. Production refuses to
 * start without them (configuration checks).
 */
export function withJwtSecret(config: AppConfig): AppConfig {
  if (config.isProduction) return config;
  return config.with({
    mfaEncryptionKey:
      config.mfaEncryptionKey ??
      parseEncryptionKey(
        generatedSecret(config, 'mfa-encryption-key', () => randomBytes(32).toString('hex')),
      ),
    jwtSecret:
      config.jwtSecret ??
      generatedSecret(config, 'jwt-secret', () => randomBytes(48).toString('base64url')),
    stripe: {
      ...config.stripe,
      webhookSecret:
        config.stripe.webhookSecret ??
        generatedSecret(
          config,
          'stripe-webhook-secret',
          () => `whsec_${randomBytes(24).toString('hex')}`,
        ),
    },
  });
}
