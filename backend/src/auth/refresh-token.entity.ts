import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';
import { AuthAccountEntity } from './auth-account.entity.js';

/**
 * One refresh token of a sign-in. Tokens of one sign-in share a family; each refresh uses the
 * token and issues its successor, and a used token presented again revokes the family.
 */
@Entity('refresh_tokens')
export class RefreshTokenEntity extends TimestampedEntity {
  @Index('refresh_tokens_token_hash_idx', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  token_hash: string;

  @Index('refresh_tokens_family_id_idx')
  @Column({ type: 'uuid' })
  family_id: string;

  @Index('refresh_tokens_auth_account_id_idx')
  @Column({ type: 'uuid' })
  auth_account_id: string;

  @ManyToOne(() => AuthAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'auth_account_id' })
  auth_account?: Relation<AuthAccountEntity>;

  @Column({ type: 'timestamptz' })
  expires_at: Date;

  /** When it was exchanged for its successor. */
  @Column({ type: 'timestamptz', nullable: true })
  used_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at: Date | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  user_agent: string | null;
}
