import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../database/timestamped.entity.js';
import { AuthAccountEntity } from '../auth-account.entity.js';

/**
 * A sign-in waiting for its second step: the password was right, a code is still due. Its token
 * (`mfa_token`) is stored only as a hash, lives 5 minutes, and is spent by a right code or by
 * five wrong ones.
 */
@Entity('mfa_challenges')
export class MfaChallengeEntity extends TimestampedEntity {
  @Index('mfa_challenges_token_hash_idx', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  token_hash: string;

  @Index('mfa_challenges_auth_account_id_idx')
  @Column({ type: 'uuid' })
  auth_account_id: string;

  @ManyToOne(() => AuthAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'auth_account_id' })
  auth_account?: Relation<AuthAccountEntity>;

  @Column({ type: 'timestamptz' })
  expires_at: Date;

  @Column({ type: 'integer', default: 0 })
  failed_attempts: number;

  @Column({ type: 'timestamptz', nullable: true })
  used_at: Date | null;
}
