import { randomInt } from 'node:crypto';
import { sha256 } from '../auth-tokens.service.js';

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand stays right. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECOVERY_CODE_COUNT = 10;
const LENGTH = 16;

/** A code of 80 random bits, in four groups of four: `7K3Q-XM2P-9HDR-TV4B`. */
export function newRecoveryCode(): string {
  const characters = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return characters.join('').replace(/(.{4})(?=.)/g, '$1-');
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/**
 * The code as stored: upper case, without separators, with the letters people mistake for digits
 * read as those digits; undefined when it cannot be a recovery code.
 */
export function normaliseRecoveryCode(code: string): string | undefined {
  const plain = code
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return plain.length === LENGTH && [...plain].every((c) => ALPHABET.includes(c))
    ? plain
    : undefined;
}

/**
 * SHA-256 of the normalised code. A code has 80 random bits, so a slow hash would add nothing
 * against guessing, and a fast one lets a code be found by its hash through an index.
 */
export function recoveryCodeHash(normalised: string): string {
  return sha256(normalised);
}
