import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A fixed-window counter (rate limits and failed sign-ins), when Redis is not configured. */
@Entity('rate_limit_counters')
export class RateLimitCounterEntity {
  @PrimaryColumn({ type: 'varchar', length: 300 })
  key: string;

  @Column({ type: 'integer' })
  hits: number;

  @Index('rate_limit_counters_reset_at_idx')
  @Column({ type: 'timestamptz' })
  reset_at: Date;
}
