import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side of the server's clock is accepted (a phone's clock drifts). */
const WINDOW = 1;

function totp(secret: string, account = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** A new secret of 160 random bits (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URL an authenticator app reads from the QR code. */
export function otpauthUrl(secret: string, account: string, issuer: string): string {
  return totp(secret, account, issuer).toString();
}

/** The URL as an SVG QR code. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** Whether a string has the shape of a code (six digits; spaces typed between them ignored). */
export function normaliseTotpCode(code: string): string | undefined {
  const digits = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/**
 * The time step a code belongs to, within one step of `now`, or undefined when it matches none.
 * The caller accepts a step once: the step is what makes a code single-use.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  const token = normaliseTotpCode(code);
  if (!token) return undefined;
  const generator = totp(secret);
  const delta = generator.validate({ token, timestamp: now, window: WINDOW });
  return delta === null ? undefined : generator.counter({ timestamp: now }) + delta;
}
