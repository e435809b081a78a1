import { Column, Entity, Index } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';

/** A crash report sent by the site's error screen. */
@Entity('error_reports')
@Index('error_reports_created_at_idx', ['created_at'])
export class ErrorReportEntity extends TimestampedEntity {
  /** The Error ID the member sees on the error screen. */
  @Column({ type: 'varchar', length: 64 })
  error_id: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'text', nullable: true })
  stack: string | null;

  @Column({ type: 'text', nullable: true })
  component_stack: string | null;

  @Column({ type: 'text', nullable: true })
  url: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  user_agent: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  environment: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  reported_at: Date | null;
}
