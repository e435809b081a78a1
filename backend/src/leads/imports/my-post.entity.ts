import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import type { MyPostKind } from '@leadpulse/common';
import { WorkspaceEntity } from '../workspaces/workspace.entity.js';

/**
 * The member's own LinkedIn activity from their export (Shares.csv, Comments.csv,
 * Reactions.csv): what a hand-logged "commented on my post" points at. `dedupe_key` is unique per
 * workspace, so the same export twice keeps each post once.
 */
@Entity('my_posts')
@Index('my_posts_workspace_dedupe_idx', ['workspace_id', 'dedupe_key'], { unique: true })
@Index('my_posts_workspace_occurred_idx', ['workspace_id', 'occurred_at'])
@Index('my_posts_workspace_url_idx', ['workspace_id', 'url'])
export class MyPostEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'uuid' })
  workspace_id: string;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Relation<WorkspaceEntity>;

  /** `post` (Shares.csv), `comment` (Comments.csv) or `reaction` (Reactions.csv). */
  @Column({ type: 'varchar', length: 16 })
  kind: MyPostKind;

  @Column({ type: 'timestamptz' })
  occurred_at: Date;

  /** The post's link (for a comment or a reaction: the post it was on). */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  url: string | null;

  /** The post's or the comment's text; a reaction's type (LIKE, PRAISE…). */
  @Column({ type: 'text', nullable: true })
  text: string | null;

  /** `import:<id>`. */
  @Column({ type: 'varchar', length: 64 })
  source: string;

  @Column({ type: 'varchar', length: 255 })
  dedupe_key: string;
}
