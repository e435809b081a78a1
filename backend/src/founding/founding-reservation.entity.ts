import { Check, Column, Entity, Index } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';

export type ReservationStatus = 'pending' | 'paid' | 'expired' | 'released';

/** One of the 40 founding spots, held by a checkout until it is paid or expires. */
@Entity('founding_reservations')
@Check(
  'founding_reservations_status_check',
  `"status" IN ('pending', 'paid', 'expired', 'released')`,
)
@Index('founding_reservations_live_email_idx', ['email'], {
  unique: true,
  where: `"status" = 'pending'`,
})
@Index('founding_reservations_live_client_ip_idx', ['client_ip'], {
  where: `"status" = 'pending'`,
})
export class FoundingReservationEntity extends TimestampedEntity {
  @Column({ type: 'citext' })
  email: string;

  /** The users row, known once the checkout is paid (or, for older rows, from the start). */
  @Column({ type: 'uuid', nullable: true })
  user_id: string | null;

  // The buyer's form stays here until Stripe says the checkout is paid: an unpaid checkout must
  // never rewrite the person who owns the e-mail.
  @Column({ type: 'varchar', length: 100, nullable: true })
  first_name: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  last_name: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phone: string | null;

  /** The address that started the checkout: live holds are limited per address. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  client_ip: string | null;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: ReservationStatus;

  @Column({ type: 'timestamptz' })
  expires_at: Date;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripe_customer_id: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true, unique: true })
  stripe_checkout_session_id: string | null;

  @Column({ type: 'text', nullable: true })
  checkout_url: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  paid_at: Date | null;
}
