import { Injectable } from '@nestjs/common';
import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';
import { AUTH_ERRORS } from './auth.errors.js';
import { AppConfig } from '../config/app-config.js';

/** OWASP's minimum for argon2id: 19 MiB, two passes, one lane. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

const COMMON_PASSWORDS = new Set(
  (dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()),
);

@Injectable()
export class PasswordsService {
  /** Checked against when no account matches, so unknown e-mails take as long as wrong passwords. */
  private readonly decoy = argon2.hash('decoy password that matches nothing', ARGON2_OPTIONS);

  constructor(private readonly config: AppConfig) {}

  static commonPasswordCount(): number {
    return COMMON_PASSWORDS.size;
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash) {
      await argon2.verify(await this.decoy, password);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** weak_password when too short (the spec's minimum, configurable) or among the most common. */
  assertAcceptable(password: string): void {
    const minimum = this.config.auth.passwordMinLength;
    if ([...password].length < minimum) {
      throw AUTH_ERRORS.passwordTooShort(minimum);
    }
    if (COMMON_PASSWORDS.has(password.toLowerCase())) {
      throw AUTH_ERRORS.passwordTooCommon();
    }
  }
}
