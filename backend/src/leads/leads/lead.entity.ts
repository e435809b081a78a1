import { Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, type Relation } from 'typeorm';
import type { LeadSource, LeadStage } from '@leadpulse/common';
import { TimestampedEntity } from '../../database/timestamped.entity.js';
import { LeadScoreEntity } from '../scoring/lead-score.entity.js';
import { WorkspaceEntity } from '../workspaces/workspace.entity.js';

/**
 * A person the member may sell to. `match_key` is what an import recognises them by, unique per
 * workspace: `in:<slug>` from their profile URL, else `email:<address>`, else a key of the row
 * that brought them. Search (trigram) and sort indexes are written in the migration.
 */
@Entity('leads')
@Index('leads_workspace_match_key_idx', ['workspace_id', 'match_key'], { unique: true })
@Index('leads_workspace_slug_idx', ['workspace_id', 'profile_slug'])
@Index('leads_workspace_last_signal_idx', { synchronize: false })
@Index('leads_workspace_name_idx', { synchronize: false })
@Index('leads_workspace_created_idx', { synchronize: false })
@Index('leads_workspace_stage_idx', { synchronize: false })
@Index('leads_workspace_monitored_idx', { synchronize: false })
@Index('leads_workspace_source_idx', { synchronize: false })
@Index('leads_workspace_email_idx', { synchronize: false })
@Index('leads_name_trgm_idx', { synchronize: false })
@Index('leads_company_trgm_idx', { synchronize: false })
@Index('leads_position_trgm_idx', { synchronize: false })
@Index('leads_email_trgm_idx', { synchronize: false })
export class LeadEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  workspace_id: string;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Relation<WorkspaceEntity>;

  @Column({ type: 'varchar', length: 255 })
  match_key: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  profile_url: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  profile_slug: string | null;

  @Column({ type: 'varchar', length: 255, default: '' })
  first_name: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  last_name: string;

  /** The lead's job title. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  position: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  company: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  location: string | null;

  @Column({ type: 'varchar', length: 320, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  headline: string | null;

  @Column({ type: 'varchar', length: 32 })
  source: LeadSource;

  /** The date of the export that last set company and position: an older one never changes them. */
  @Column({ type: 'timestamptz', nullable: true })
  details_as_of: Date | null;

  /** The pipeline stage while the lead is tracked; null otherwise. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  stage: LeadStage | null;

  @Column({ type: 'integer', default: 0 })
  position_in_stage: number;

  @Column({ type: 'boolean', default: false })
  monitored: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  snoozed_until: Date | null;

  /** Fit, Intent, Score and breakdown, kept in `lead_scores` (rescoring touches only them). */
  @OneToOne(() => LeadScoreEntity, (scores) => scores.lead)
  scores?: Relation<LeadScoreEntity>;

  @Column({ type: 'timestamptz', nullable: true })
  last_signal_at: Date | null;

  /** Why a won or lost lead was won or lost, when the member said. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  stage_reason: string | null;

  /** When the member last marked the lead done in Today: it stays off until a newer signal. */
  @Column({ type: 'timestamptz', nullable: true })
  today_done_at: Date | null;
}
