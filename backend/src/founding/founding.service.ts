import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isEmail } from 'class-validator';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import {
  FOUNDING_SPOTS,
  formatPhone,
  type FoundingAvailability,
  type FoundingCheckoutSession,
} from '@leadpulse/common';
import { AuthAccountEntity } from '../auth/auth-account.entity.js';
import { AuthTokensService } from '../auth/auth-tokens.service.js';
import { normaliseEmail } from '../common/email.js';
import { AppConfig } from '../config/app-config.js';
import { MailService } from '../mail/mail.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { isDeletedAddress } from '../users/deleted-account.js';
import { UserEntity } from '../users/user.entity.js';
import type { FoundingCheckoutDto } from './dto/checkout.dto.js';
import { FOUNDING_ERRORS } from './founding.errors.js';
import { FoundingReservationEntity } from './founding-reservation.entity.js';

/** How long a checkout holds its spot: Stripe's minimum Checkout Session lifetime. */
const CHECKOUT_MINUTES = 30;
/** Covers the Stripe calls until the session's own expiry replaces the provisional one. */
const PROVISIONAL_HOLD_MINUTES = CHECKOUT_MINUTES + 1;
/**
 * Where a signed-out checkout for an address with an account goes, with the same 201 `{ url }`
 * a new buyer gets: the landing page asks them to read their e-mail.
 */
export const CHECK_EMAIL_PATH = '/?founding=check-email';
/** At most one "you already have an account" e-mail per address in this many minutes. */
const EXISTING_ACCOUNT_MAIL_MINUTES = 15;
/** Serialises spot counting across instances and connections. */
const FOUNDING_LOCK_KEY = 7_318_400_220;

/**
 * The founding spots used: every founding member who paid, whichever way they came (a checkout,
 * a recovery, an administrator, the demo seed), and every live checkout hold of someone who is
 * not one yet (a paid checkout whose member is not written yet included).
 */
export const FOUNDING_SPOTS_TAKEN = `
  WITH paid AS (
    SELECT email FROM users WHERE founding_member AND stripe_subscription_id IS NOT NULL
  )
  SELECT ((SELECT count(*) FROM paid) + (
    SELECT count(*) FROM founding_reservations r
     WHERE (r.status = 'paid' OR (r.status = 'pending' AND r.expires_at > now()))
       AND NOT EXISTS (SELECT 1 FROM paid WHERE paid.email = r.email)
  ))::int AS taken`;

@Injectable()
export class FoundingService {
  private readonly logger = new Logger(FoundingService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly rateLimits: RateLimitService,
    private readonly tokens: AuthTokensService,
    private readonly mail: MailService,
  ) {}

  /**
   * The founding spots: 40, less those used. The landing page's count and the checkout's lock
   * read this one query.
   */
  async availability(
    manager: EntityManager = this.dataSource.manager,
  ): Promise<FoundingAvailability> {
    const [{ taken }] = (await manager.query(FOUNDING_SPOTS_TAKEN)) as { taken: number }[];
    return {
      total: FOUNDING_SPOTS,
      taken: Math.min(taken, FOUNDING_SPOTS),
      remaining: Math.max(FOUNDING_SPOTS - taken, 0),
    };
  }

  /**
   * Holds a spot (atomically: the 41st concurrent buyer gets sold_out), then creates the Stripe
   * customer and Checkout Session. If Stripe fails, the spot is released.
   */
  async checkout(
    form: FoundingCheckoutDto,
    ip: string,
    accountId?: string,
  ): Promise<{ url: string }> {
    await this.rateLimits.consume('checkout', ip);
    const fields = {
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
    };
    // A signed-in member's account already names them: a one-word sign-up name has no last name.
    const missing = Object.entries(fields).some(
      ([key, value]) => !value && !(key === 'lastName' && accountId),
    );
    if (missing) {
      throw FOUNDING_ERRORS.fillAllFields();
    }
    const phoneDigits = fields.phone.replace(/\D/g, '');
    if (phoneDigits.length !== 10) {
      throw FOUNDING_ERRORS.invalidPhone();
    }
    const buyerAccount = accountId
      ? await this.dataSource.getRepository(AuthAccountEntity).findOneBy({ id: accountId })
      : null;
    const email = normaliseEmail(buyerAccount?.email ?? fields.email);
    if (!isEmail(email) || isDeletedAddress(email)) throw FOUNDING_ERRORS.invalidEmail();

    const held = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [FOUNDING_LOCK_KEY]);
      // Read only: nothing is written to the person's row before Stripe says the checkout is paid.
      const user = await manager.getRepository(UserEntity).findOneBy({ email });
      const ownAccount = !!buyerAccount && user?.auth_user_id === buyerAccount.id;
      // The spec's rule for an existing e-mail; a signed-in member may buy for their own account.
      if (
        user &&
        (user.stripe_customer_id ||
          (user.status === 'active' && !ownAccount) ||
          user.status === 'paid')
      ) {
        if (buyerAccount) throw FOUNDING_ERRORS.alreadyActive();
        // Signed out, the answer must not tell who has an account: the address is told instead.
        await this.tellAccountHolder(manager, user);
        return { existing: true as const };
      }

      const reservations = manager.getRepository(FoundingReservationEntity);
      const live = await reservations.findOne({ where: { email, status: 'pending' } });
      if (live && live.expires_at > new Date() && live.checkout_url)
        return { reservation: live, reused: true };
      if (live) await reservations.update(live.id, { status: 'released' });
      // Counted under the same lock as the spots, so concurrent requests cannot exceed it.
      const holds = await reservations
        .createQueryBuilder('r')
        .where(`r.status = 'pending' AND r.expires_at > now() AND r.client_ip = :ip`, { ip })
        .getCount();
      if (holds >= this.config.rateLimits.foundingHoldsPerAddress)
        throw FOUNDING_ERRORS.tooManyHolds();
      if ((await this.availability(manager)).remaining === 0) throw FOUNDING_ERRORS.soldOut();

      const reservation = await reservations.save(
        reservations.create({
          email,
          status: 'pending',
          expires_at: new Date(Date.now() + PROVISIONAL_HOLD_MINUTES * 60_000),
          first_name: fields.firstName,
          last_name: fields.lastName,
          phone: formatPhone(phoneDigits),
          client_ip: ip,
        }),
      );
      return { reservation, reused: false };
    });
    if ('existing' in held) return { url: `${this.config.appUrl}${CHECK_EMAIL_PATH}` };
    if (held.reused) return { url: held.reservation.checkout_url! };

    const { reservation } = held;
    try {
      // Keys we persist (the reservation's id): a retried request never creates a second object.
      const customer = await this.stripe.customers.create(
        {
          email,
          name: `${fields.firstName} ${fields.lastName}`.trim(),
          phone: formatPhone(phoneDigits),
          metadata: { reservation_id: reservation.id },
        },
        { idempotencyKey: `${reservation.id}:customer` },
      );
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: customer.id,
          line_items: [{ price: this.config.stripe.prices.founding_member, quantity: 1 }],
          allow_promotion_codes: true,
          expires_at: Math.ceil(Date.now() / 1000) + CHECKOUT_MINUTES * 60,
          success_url: `${this.config.appUrl}/founding-member-success?session_id={CHECKOUT_SESSION_ID}`,
          // Back on the landing page, the site asks to free the spot straight away.
          cancel_url: `${this.config.appUrl}/?founding=cancelled&reservation=${reservation.id}`,
          client_reference_id: reservation.id,
          metadata: { reservation_id: reservation.id },
          subscription_data: { metadata: { reservation_id: reservation.id } },
        },
        { idempotencyKey: `${reservation.id}:session` },
      );
      // The hold ends when the session does, not a minute later.
      await this.dataSource.getRepository(FoundingReservationEntity).update(reservation.id, {
        stripe_customer_id: customer.id,
        stripe_checkout_session_id: session.id,
        checkout_url: session.url,
        expires_at: new Date(session.expires_at * 1000),
      });
      return { url: session.url! };
    } catch (error) {
      this.logger.error(
        { err: error },
        `Founding checkout for reservation ${reservation.id} failed at Stripe`,
      );
      await this.dataSource
        .getRepository(FoundingReservationEntity)
        .update(reservation.id, { status: 'released' });
      throw FOUNDING_ERRORS.checkoutFailed();
    }
  }

  /**
   * E-mails an address that started the founding checkout signed out while it has an account:
   * sign in instead. Once in a while at most, so the form cannot flood someone's inbox.
   */
  private async tellAccountHolder(manager: EntityManager, user: UserEntity): Promise<void> {
    const [{ recent }] = (await manager.query(
      `SELECT EXISTS (SELECT 1 FROM emails WHERE to_email = $1 AND template = $2
         AND created_at > now() - make_interval(mins => $3)) AS recent`,
      [user.email, 'founding-existing-account', EXISTING_ACCOUNT_MAIL_MINUTES],
    )) as { recent: boolean }[];
    if (recent) return;
    await this.mail.enqueue(manager, {
      to: user.email,
      template: 'founding-existing-account',
      data: { link: '/dashboard/settings?tab=subscription' },
      userId: user.id,
    });
  }

  /**
   * The buyer cancelled on the checkout page: expire the session so nobody can still pay it, and
   * free the spot now rather than after the session's 30 minutes. Unknown or settled: nothing.
   */
  async cancel(reservationId: string): Promise<void> {
    const reservation = await this.dataSource
      .getRepository(FoundingReservationEntity)
      .findOneBy({ id: reservationId, status: 'pending' });
    if (!reservation) return;
    if (reservation.stripe_checkout_session_id) {
      const session = await this.stripe.checkout.sessions.retrieve(
        reservation.stripe_checkout_session_id,
      );
      if (session.status === 'complete') return;
      if (session.status === 'open') await this.stripe.checkout.sessions.expire(session.id);
    }
    await this.dataSource
      .getRepository(FoundingReservationEntity)
      .update({ id: reservation.id, status: 'pending' }, { status: 'released' });
  }

  /**
   * The success page's lookup: the checkout's state and whether its money arrived (a completed
   * checkout with a delayed payment method is still unpaid), so the page claims only what is true.
   */
  async session(id: string): Promise<FoundingCheckoutSession> {
    const reservation = await this.dataSource
      .getRepository(FoundingReservationEntity)
      .findOneBy({ stripe_checkout_session_id: id });
    if (!reservation) throw FOUNDING_ERRORS.sessionNotFound();
    const session = await this.stripe.checkout.sessions.retrieve(id);
    // A member who bought for their own account signs in as before; a new buyer sets a password.
    const buyer = await this.dataSource
      .getRepository(UserEntity)
      .findOneBy({ email: reservation.email });
    return {
      status: session.status,
      payment_status: session.payment_status,
      email: reservation.email,
      password_set: buyer?.password_set ?? false,
    };
  }
}
