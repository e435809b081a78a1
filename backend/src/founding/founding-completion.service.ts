import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { AuthAccountEntity } from '../auth/auth-account.entity.js';
import { AuthTokensService } from '../auth/auth-tokens.service.js';
import { MailService } from '../mail/mail.service.js';
import { NewsletterService } from '../newsletter/newsletter.service.js';
import { PaymentsService } from '../payments/payments.service.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { UserEntity } from '../users/user.entity.js';
import { UserWritesService } from '../users/user-writes.service.js';
import { unsetBuyerFields } from './founding-buyer.js';
import { FoundingReservationEntity } from './founding-reservation.entity.js';

/**
 * What a founding checkout becomes once Stripe says how it ended: a paid one makes the buyer a
 * founding member (from the webhook, or from reconciliation and recovery when the webhook never
 * came); an abandoned one frees its spot.
 */
@Injectable()
export class FoundingCompletionService {
  private readonly logger = new Logger(FoundingCompletionService.name);

  constructor(
    private readonly tokens: AuthTokensService,
    private readonly mail: MailService,
    private readonly subscriptions: SubscriptionsService,
    private readonly payments: PaymentsService,
    private readonly newsletter: NewsletterService,
    private readonly userWrites: UserWritesService,
  ) {}

  /**
   * `checkout.session.completed` and `checkout.session.async_payment_succeeded` (a session paid
   * by an asynchronous method completes unpaid; the money arrives later).
   */
  async onCheckoutCompleted(event: Stripe.Event, manager: EntityManager): Promise<void> {
    await this.complete(event.data.object as Stripe.Checkout.Session, manager);
  }

  /** `checkout.session.expired`: the held spot goes back. */
  async onCheckoutExpired(event: Stripe.Event, manager: EntityManager): Promise<void> {
    await this.expired(event.data.object as Stripe.Checkout.Session, manager);
  }

  /**
   * A paid checkout: the spot is taken, the buyer's details fill what the person has left unset
   * (a new buyer gets their users row now), they become a paid founding member with an account
   * (a password-setup link e-mailed when it has no password), and join the newsletter.
   * Running it twice changes nothing; answers whether this call did the work.
   */
  async complete(session: Stripe.Checkout.Session, manager: EntityManager): Promise<boolean> {
    if (session.payment_status === 'unpaid') return false;
    const reservations = manager.getRepository(FoundingReservationEntity);
    const reservation = await reservations.findOne({
      where: { stripe_checkout_session_id: session.id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!reservation || reservation.status === 'paid') return false;

    const user = await this.buyerRow(manager, reservation);
    // A checkout left open by a member who has since deleted their account (deletion expires
    // them; this is the one that raced it) brings nothing back: the payment is left for refund.
    if (user.status === 'deleted') {
      this.logger.error(
        `Paid checkout ${session.id} belongs to deleted account ${user.id}: not completed, refund it`,
      );
      return false;
    }
    await reservations.update(reservation.id, {
      status: 'paid',
      paid_at: new Date(),
      user_id: user.id,
    });
    const customerId =
      typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
    const subscriptionId =
      typeof session.subscription === 'string'
        ? session.subscription
        : (session.subscription?.id ?? null);

    let account = user.auth_user_id
      ? await manager.getRepository(AuthAccountEntity).findOneBy({ id: user.auth_user_id })
      : null;
    account ??= await manager.getRepository(AuthAccountEntity).findOneBy({ email: user.email });
    account ??= await manager.getRepository(AuthAccountEntity).save(
      manager.getRepository(AuthAccountEntity).create({
        email: user.email,
        metadata: {
          name: `${user.first_name} ${user.last_name}`.trim(),
          source: 'founding_member',
          first_name: user.first_name,
          last_name: user.last_name,
        },
      }),
    );
    await this.userWrites.recordFoundingPurchase(manager, user, {
      accountId: account.id,
      customerId,
      subscriptionId,
    });
    // The subscription's and invoice's own events may have come first, before we knew this customer.
    if (customerId) await this.payments.linkCustomer(manager, user.id, customerId);
    if (subscriptionId) {
      await this.subscriptions.scheduleFoundingTransition(subscriptionId);
      await this.subscriptions.sync(subscriptionId, manager);
    }
    await this.newsletter.addFoundingMember(manager, {
      email: user.email,
      firstName: user.first_name || null,
      lastName: user.last_name || null,
    });

    const setupLink = account.password_hash
      ? undefined
      : `/setup-password#token=${await this.tokens.create(manager, account.id, 'password_setup')}`;
    await this.mail.enqueue(manager, {
      to: user.email,
      template: 'founding-member-welcome',
      data: {
        firstName: user.first_name,
        setupLink,
        dashboardLink: setupLink ? undefined : '/dashboard',
      },
      userId: user.id,
    });
    return true;
  }

  /**
   * The paid buyer's users row, locked: the one for the e-mail (found by its id for reservations
   * made before buyers' details moved here) or a new one, with only its unset fields filled in.
   */
  private async buyerRow(
    manager: EntityManager,
    reservation: FoundingReservationEntity,
  ): Promise<UserEntity> {
    // A sign-up may create the row at the same moment: the unique e-mail decides, then we lock it.
    if (!reservation.user_id)
      await this.userWrites.insertBuyerUnlessExists(manager, reservation.email);
    const user = await manager.getRepository(UserEntity).findOneOrFail({
      where: reservation.user_id ? { id: reservation.user_id } : { email: reservation.email },
      lock: { mode: 'pessimistic_write' },
    });
    if (user.status === 'deleted') return user;
    const changes = unsetBuyerFields(user, reservation);
    if (Object.keys(changes).length > 0)
      await this.userWrites.fillBuyerDetails(manager, user.id, changes);
    return { ...user, ...changes };
  }

  /** An abandoned checkout frees its spot. */
  async expired(session: Stripe.Checkout.Session, manager: EntityManager): Promise<void> {
    await manager
      .getRepository(FoundingReservationEntity)
      .update({ stripe_checkout_session_id: session.id, status: 'pending' }, { status: 'expired' });
  }
}
