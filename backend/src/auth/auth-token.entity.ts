import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';
import { AuthAccountEntity } from './auth-account.entity.js';

export const AUTH_TOKEN_KINDS = ['email_confirmation', 'password_reset', 'password_setup'] as const;
export type AuthTokenKind = (typeof AUTH_TOKEN_KINDS)[number];

/** A single-use link token. Only its SHA-256 is stored; the token itself lives in the e-mail. */
@Entity('auth_tokens')
@Check(
  'auth_tokens_kind_check',
  `"kind" IN ('email_confirmation', 'password_reset', 'password_setup')`,
)
export class AuthTokenEntity extends TimestampedEntity {
  @Column({ type: 'varchar', length: 32 })
  kind: AuthTokenKind;

  @Index('auth_tokens_token_hash_idx', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  token_hash: string;

  @Index('auth_tokens_auth_account_id_idx')
  @Column({ type: 'uuid' })
  auth_account_id: string;

  @ManyToOne(() => AuthAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'auth_account_id' })
  auth_account?: Relation<AuthAccountEntity>;

  @Column({ type: 'timestamptz' })
  expires_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  used_at: Date | null;
}
