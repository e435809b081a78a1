import { Column, Entity, Index, JoinColumn, OneToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { BreakdownLine } from '@leadpulse/common';
import { LeadEntity } from '../leads/lead.entity.js';

/**
 * A lead's Fit, Intent, Score and breakdown, in a narrow table of their own: rescoring a
 * workspace rewrites these rows only, leaving the lead's row and its many indexes (search,
 * sorts, filters) alone. Every lead has one, written with the lead by a trigger of the migration.
 * The (workspace, score) index that the score sort, Today and the preview read is in the migration.
 */
@Entity('lead_scores')
@Index('lead_scores_workspace_score_idx', { synchronize: false })
export class LeadScoreEntity {
  @PrimaryColumn({ type: 'uuid' })
  lead_id: string;

  @OneToOne(() => LeadEntity, (lead) => lead.scores, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id' })
  lead?: Relation<LeadEntity>;

  @Column({ type: 'uuid' })
  workspace_id: string;

  @Column({ type: 'smallint', default: 0 })
  fit: number;

  @Column({ type: 'smallint', default: 0 })
  intent: number;

  @Column({ type: 'smallint', default: 0 })
  score: number;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  breakdown: BreakdownLine[];
}
