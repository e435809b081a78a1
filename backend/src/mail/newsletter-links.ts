import { createHmac, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';

export type NewsletterLinkPurpose = 'confirm' | 'unsubscribe';

/** A confirmation link is good for a week; an unsubscribe link never expires. */
const CONFIRM_LIFETIME_SECONDS = 7 * 24 * 3600;

/**
 * Signed, stateless tokens for the newsletter's links: `email.issuedAt.mac`, where the MAC binds
 * the purpose, the address and the time with a key derived from JWT_SECRET. Nothing is stored,
 * so every e-mail ever sent keeps a working unsubscribe link without a table of tokens.
 */
@Injectable()
export class NewsletterLinks {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    if (!config.jwtSecret) throw new Error('JWT_SECRET is needed to sign newsletter links');
    this.key = createHmac('sha256', config.jwtSecret).update('newsletter-links').digest();
  }

  token(purpose: NewsletterLinkPurpose, email: string, now = new Date()): string {
    const payload = `${Buffer.from(email.toLowerCase()).toString('base64url')}.${Math.floor(now.getTime() / 1000)}`;
    return `${payload}.${this.mac(purpose, payload)}`;
  }

  /** The address a valid token was made for, or undefined (tampered, malformed or expired). */
  verify(purpose: NewsletterLinkPurpose, token: string, now = new Date()): string | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [email, issuedAt, mac] = parts;
    const expected = Buffer.from(this.mac(purpose, `${email}.${issuedAt}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const age = now.getTime() / 1000 - Number(issuedAt);
    if (purpose === 'confirm' && !(age < CONFIRM_LIFETIME_SECONDS)) return undefined;
    return Buffer.from(email, 'base64url').toString();
  }

  /** The site pages the links open; the token rides in the fragment, never in server logs. */
  confirmPath(email: string): string {
    return `/newsletter/confirm#token=${this.token('confirm', email)}`;
  }

  unsubscribePath(email: string): string {
    return `/unsubscribe#token=${this.token('unsubscribe', email)}`;
  }

  /** RFC 8058 one-click target for mail clients' own Unsubscribe button. */
  oneClickUnsubscribePath(email: string): string {
    return `/api/newsletter/unsubscribe?token=${this.token('unsubscribe', email)}`;
  }

  private mac(purpose: NewsletterLinkPurpose, payload: string): string {
    return createHmac('sha256', this.key).update(`${purpose}:${payload}`).digest('base64url');
  }
}
