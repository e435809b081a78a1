import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { STRIPE } from '../stripe/stripe.client.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { UserEntity } from '../users/user.entity.js';
import type { TransactionRefund } from './transaction.entity.js';
import { idOf } from '../stripe/stripe-ids.js';

/** Our payment status for an invoice as Stripe holds it now. */
export function paymentStatus(
  invoice: Pick<Stripe.Invoice, 'status' | 'attempted'>,
  refunded: boolean,
): string {
  if (refunded) return 'refunded';
  if (invoice.status === 'paid') return 'succeeded';
  if (invoice.status === 'void' || invoice.status === 'uncollectible') return 'failed';
  return invoice.attempted ? 'failed' : 'pending';
}

/**
 * A charge's refunds with their times: the revenue metrics count each refund in its own month.
 * Read from the charge when Stripe included the whole list (an expanded charge), otherwise
 * listed. Failed and cancelled refunds gave nothing back.
 */
export async function chargeRefunds(
  stripe: Stripe,
  charge: Pick<Stripe.Charge, 'id' | 'refunds'>,
): Promise<TransactionRefund[]> {
  let listed = charge.refunds && !charge.refunds.has_more ? charge.refunds.data : undefined;
  if (!listed) {
    listed = [];
    for await (const refund of stripe.refunds.list({ charge: charge.id, limit: 100 }))
      listed.push(refund);
  }
  return listed
    .filter((refund) => refund.status === 'succeeded' || refund.status === 'pending')
    .map((refund) => ({
      id: refund.id,
      amount_cents: refund.amount,
      refunded_at: new Date(refund.created * 1000).toISOString(),
    }))
    .sort((a, b) => a.refunded_at.localeCompare(b.refunded_at) || a.id.localeCompare(b.id));
}

/**
 * Keeps `transactions` in step with Stripe's invoices: each invoice event makes us read the
 * invoice (and its charge) as Stripe holds it now, upserted on the invoice id.
 */
/** The charge of an invoice's payments that a payment row records: the first that has one. */
export function chargeIdOf(payments: Stripe.InvoicePayment[]): string | undefined {
  return payments.map((payment) => idOf(payment.payment.charge)).find((id): id is string => !!id);
}

@Injectable()
export class PaymentsService {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  /** `invoice.paid`, `invoice.payment_failed`, `invoice.voided`: the invoice's transactions. */
  async onInvoiceChanged(event: Stripe.Event, manager: EntityManager): Promise<void> {
    await this.syncInvoice((event.data.object as Stripe.Invoice).id!, manager);
  }

  /** `charge.refunded`: the refunded charge's invoice, read again. */
  async onChargeRefunded(event: Stripe.Event, manager: EntityManager): Promise<void> {
    const charge = event.data.object as Stripe.Charge;
    const [row] = (await manager.query(
      `SELECT stripe_invoice_id FROM transactions WHERE stripe_charge_id = $1`,
      [charge.id],
    )) as { stripe_invoice_id: string | null }[];
    if (row?.stripe_invoice_id) await this.syncInvoice(row.stripe_invoice_id, manager);
  }

  /**
   * sync-payment-history: every invoice (with its charge) and the cards of a customer, upserted
   * on Stripe ids. Rows that have not changed are not written, so a second run writes nothing.
   */
  async syncCustomer(customerId: string, manager: EntityManager): Promise<void> {
    // Whole pages of charges and of invoices with their payments: a few calls per hundred
    // invoices rather than three for each (10,000 invoices sync in seconds, within Stripe's
    // rate limit).
    const charges = new Map<string, Stripe.Charge>();
    for await (const charge of this.stripe.charges.list({ customer: customerId, limit: 100 }))
      charges.set(charge.id, charge);
    const user = await manager
      .getRepository(UserEntity)
      .findOneBy({ stripe_customer_id: customerId });
    for await (const invoice of this.stripe.invoices.list({
      customer: customerId,
      limit: 100,
      expand: ['data.payments'],
    }))
      await this.syncInvoice(invoice, manager, { subscription: false, charges, user });
    await this.syncCards(customerId, manager);
  }

  /** The customer's cards, with which one is the default (upserted; unchanged rows untouched). */
  async syncCards(customerId: string, manager: EntityManager): Promise<void> {
    const customer = await this.stripe.customers.retrieve(customerId);
    const defaultId = customer.deleted
      ? null
      : idOf(customer.invoice_settings?.default_payment_method);
    const user = await manager
      .getRepository(UserEntity)
      .findOneBy({ stripe_customer_id: customerId });
    for await (const method of this.stripe.paymentMethods.list({
      customer: customerId,
      type: 'card',
      limit: 100,
    })) {
      await manager.query(
        `INSERT INTO payment_methods (user_id, stripe_customer_id, stripe_payment_method_id, card_brand, card_last4,
           card_exp_month, card_exp_year, is_default)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (stripe_payment_method_id) DO UPDATE SET
           user_id = COALESCE(EXCLUDED.user_id, payment_methods.user_id), card_brand = EXCLUDED.card_brand,
           card_last4 = EXCLUDED.card_last4, card_exp_month = EXCLUDED.card_exp_month,
           card_exp_year = EXCLUDED.card_exp_year, is_default = EXCLUDED.is_default, updated_at = now()
         WHERE (payment_methods.user_id, payment_methods.card_brand, payment_methods.card_last4,
                payment_methods.card_exp_month, payment_methods.card_exp_year, payment_methods.is_default)
           IS DISTINCT FROM (COALESCE(EXCLUDED.user_id, payment_methods.user_id), EXCLUDED.card_brand,
                EXCLUDED.card_last4, EXCLUDED.card_exp_month, EXCLUDED.card_exp_year, EXCLUDED.is_default)`,
        [
          user?.id ?? null,
          customerId,
          method.id,
          method.card?.brand ?? null,
          method.card?.last4 ?? null,
          method.card?.exp_month ?? null,
          method.card?.exp_year ?? null,
          method.id === defaultId,
        ],
      );
    }
  }

  /** One invoice (by id, or as Stripe just listed it) with its charge, upserted on Stripe ids. */
  async syncInvoice(
    invoiceOrId: string | Stripe.Invoice,
    manager: EntityManager,
    options: {
      subscription?: boolean;
      /** The customer's charges by id, when the caller listed them already. */
      charges?: Map<string, Stripe.Charge>;
      /** The customer's user (or null), when the caller looked it up already. */
      user?: UserEntity | null;
    } = {},
  ): Promise<void> {
    const invoice =
      typeof invoiceOrId === 'string'
        ? await this.stripe.invoices.retrieve(invoiceOrId)
        : invoiceOrId;
    const invoiceId = invoice.id!;
    const customerId = idOf(invoice.customer);
    if (!customerId) return;
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    const payments =
      invoice.payments?.data ??
      (await this.stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 })).data;
    const chargeId = chargeIdOf(payments);
    const charge = chargeId
      ? (options.charges?.get(chargeId) ?? (await this.stripe.charges.retrieve(chargeId)))
      : null;
    const user =
      options.user !== undefined
        ? options.user
        : await manager.getRepository(UserEntity).findOneBy({ stripe_customer_id: customerId });
    const paidAt = invoice.status_transitions?.paid_at ?? invoice.created;
    const refunds = charge?.amount_refunded ? await chargeRefunds(this.stripe, charge) : [];

    await manager.query(
      `INSERT INTO transactions (user_id, stripe_customer_id, stripe_invoice_id, stripe_charge_id, stripe_subscription_id,
         amount_cents, amount_refunded_cents, currency, status, description, receipt_url, paid_at, refunds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (stripe_invoice_id) DO UPDATE SET
         user_id = COALESCE(EXCLUDED.user_id, transactions.user_id), stripe_charge_id = EXCLUDED.stripe_charge_id,
         amount_cents = EXCLUDED.amount_cents, amount_refunded_cents = EXCLUDED.amount_refunded_cents,
         status = EXCLUDED.status, description = EXCLUDED.description, receipt_url = EXCLUDED.receipt_url,
         paid_at = EXCLUDED.paid_at, refunds = EXCLUDED.refunds, updated_at = now()
       WHERE (transactions.user_id, transactions.stripe_charge_id, transactions.amount_cents,
              transactions.amount_refunded_cents, transactions.status, transactions.description,
              transactions.receipt_url, transactions.paid_at, transactions.refunds)
         IS DISTINCT FROM (COALESCE(EXCLUDED.user_id, transactions.user_id), EXCLUDED.stripe_charge_id,
              EXCLUDED.amount_cents, EXCLUDED.amount_refunded_cents, EXCLUDED.status,
              EXCLUDED.description, EXCLUDED.receipt_url, EXCLUDED.paid_at, EXCLUDED.refunds)`,
      [
        user?.id ?? null,
        customerId,
        invoice.id,
        charge?.id ?? null,
        subscriptionId,
        invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
        charge?.amount_refunded ?? 0,
        invoice.currency,
        paymentStatus(invoice, charge?.refunded ?? false),
        invoice.description ?? invoice.lines?.data[0]?.description ?? null,
        charge?.receipt_url ?? invoice.hosted_invoice_url ?? null,
        new Date(paidAt * 1000),
        JSON.stringify(refunds),
      ],
    );
    // A failed payment turns the subscription past_due; Stripe's subscription says so. The card
    // that paid (or failed) is the one on file.
    if (subscriptionId && options.subscription !== false) {
      await this.subscriptions.sync(subscriptionId, manager);
      await this.syncCards(customerId, manager);
    }
  }

  /** Rows recorded before we knew whose customer id it was (events can beat the checkout's). */
  async linkCustomer(manager: EntityManager, userId: string, customerId: string): Promise<void> {
    for (const table of [
      'transactions',
      'subscriptions',
      'payment_methods',
      'subscription_history',
    ])
      await manager.query(
        `UPDATE ${table} SET user_id = $1, updated_at = now() WHERE stripe_customer_id = $2 AND user_id IS NULL`,
        [userId, customerId],
      );
  }
}
