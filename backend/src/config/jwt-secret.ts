import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './app-config.js';

/**
 * The configured JWT_SECRET, or outside production one generated once and kept in the data
 * folder, so sessions survive restarts without anyone having to invent a secret.
 */
export function withJwtSecret(config: AppConfig): AppConfig {
  if (config.jwtSecret) return config;
  if (config.isProduction) throw new Error('JWT_SECRET is required in production');
  const file = join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return config.with({ jwtSecret: readFileSync(file, 'utf8').trim() });
}
