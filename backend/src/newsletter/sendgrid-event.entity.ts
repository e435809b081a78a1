import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Every SendGrid event applied, by its id: SendGrid delivers at least once, so retries repeat. */
@Entity('sendgrid_events')
export class SendGridEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  sg_event_id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  applied_at: Date;
}
