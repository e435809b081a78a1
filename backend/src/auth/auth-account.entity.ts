import { Column, Entity } from 'typeorm';
import type { AuthMetadata } from '@leadpulse/common';
import { TimestampedEntity } from '../database/timestamped.entity.js';

/** The sign-in identity. A customer can exist in `users` before they have one. */
@Entity('auth_accounts')
export class AuthAccountEntity extends TimestampedEntity {
  @Column({ type: 'citext', unique: true })
  email: string;

  /** argon2id; null until the owner sets a password (after a purchase, for example). */
  @Column({ type: 'text', nullable: true })
  password_hash: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  email_confirmed_at: Date | null;

  @Column({ type: 'jsonb', default: {} })
  metadata: AuthMetadata;

  @Column({ type: 'timestamptz', nullable: true })
  last_sign_in_at: Date | null;

  /**
   * SHA-256 of the secret the signing-up browser keeps in a cookie until the e-mail is confirmed:
   * it shows that the one confirming is the one who chose the password.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  signup_proof_hash: string | null;
}
