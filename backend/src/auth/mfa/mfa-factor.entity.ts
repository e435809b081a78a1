import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../database/timestamped.entity.js';
import { AuthAccountEntity } from '../auth-account.entity.js';

/**
 * An authenticator app of an account (TOTP). It signs in once verified with a first code; an
 * unverified one is an enrolment in progress, replaced by the next.
 */
@Entity('mfa_factors')
@Check('mfa_factors_type_check', `"type" IN ('totp')`)
export class MfaFactorEntity extends TimestampedEntity {
  @Index('mfa_factors_auth_account_id_idx')
  @Column({ type: 'uuid' })
  auth_account_id: string;

  @ManyToOne(() => AuthAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'auth_account_id' })
  auth_account?: Relation<AuthAccountEntity>;

  @Column({ type: 'varchar', length: 16, default: 'totp' })
  type: 'totp';

  /** The base32 secret sealed with MFA_ENCRYPTION_KEY (secret-box.ts), bound to this row's id. */
  @Column({ type: 'text' })
  secret_encrypted: string;

  @Column({ type: 'timestamptz', nullable: true })
  verified_at: Date | null;

  /**
   * The time step (Unix time / 30 s) of the last code accepted: a code is accepted once, and
   * never one older than it. An integer holds steps for another two thousand years.
   */
  @Column({ type: 'integer', nullable: true })
  last_used_step: number | null;
}
