import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A rule's signing secret, answered once at its creation. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** `LeadPulse-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe signs. */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/** What a receiver does: checks the signature and that it is at most `toleranceSeconds` old. */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string,
  now = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > toleranceSeconds) return false;
  const expected = signWebhook(secret, body, timestamp).split('v1=')[1];
  return (
    given.length === expected.length &&
    timingSafeEqual(Buffer.from(given, 'utf8'), Buffer.from(expected, 'utf8'))
  );
}
