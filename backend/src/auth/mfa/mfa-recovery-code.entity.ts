import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../database/timestamped.entity.js';
import { AuthAccountEntity } from '../auth-account.entity.js';

/** A single-use recovery code of an account with two-step verification; only its hash is kept. */
@Entity('mfa_recovery_codes')
export class MfaRecoveryCodeEntity extends TimestampedEntity {
  @Index('mfa_recovery_codes_auth_account_id_idx')
  @Column({ type: 'uuid' })
  auth_account_id: string;

  @ManyToOne(() => AuthAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'auth_account_id' })
  auth_account?: Relation<AuthAccountEntity>;

  /** SHA-256 of the normalised code (recovery-codes.ts). */
  @Index('mfa_recovery_codes_code_hash_idx', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  code_hash: string;

  @Column({ type: 'timestamptz', nullable: true })
  used_at: Date | null;
}
