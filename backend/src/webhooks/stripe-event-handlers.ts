import type Stripe from 'stripe';
import type { BillingService } from '../billing/billing.service.js';
import type { DunningService } from '../billing/dunning/dunning.service.js';
import type { FoundingReminderService } from '../billing/founding-reminder.service.js';
import type { FoundingCompletionService } from '../founding/founding-completion.service.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { PromotionsService } from '../promotions/promotions.service.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import type { StripeCustomerErasureService } from '../users/stripe-customer-erasure.service.js';
import type { StripeEventHandler } from './stripe-events.service.js';

/** The services that handle Stripe events. */
export interface StripeEventServices {
  founding: FoundingCompletionService;
  billing: BillingService;
  subscriptions: SubscriptionsService;
  payments: PaymentsService;
  dunning: DunningService;
  promotions: PromotionsService;
  foundingReminders: FoundingReminderService;
  customerErasure: StripeCustomerErasureService;
}

/**
 * Every Stripe event type the product handles, and the service methods that handle it, in the
 * order they run: all in the event's one transaction, each idempotent. An event of a type not
 * listed is stored and marked processed, and does nothing. Keyed by Stripe's own event types, so
 * a misspelt one does not compile.
 */
export function stripeEventHandlers(
  s: StripeEventServices,
): Partial<Record<Stripe.Event.Type, StripeEventHandler[]>> {
  return {
    // Checkout: a founding purchase, or a member's own from Settings.
    'checkout.session.completed': [
      (event, manager) => s.founding.onCheckoutCompleted(event, manager),
      (event, manager) => s.billing.onCheckoutCompleted(event, manager),
    ],
    'checkout.session.async_payment_succeeded': [
      (event, manager) => s.founding.onCheckoutCompleted(event, manager),
    ],
    'checkout.session.expired': [(event, manager) => s.founding.onCheckoutExpired(event, manager)],

    // Subscriptions: the row as Stripe holds it and its history; an end after failed renewals.
    'customer.subscription.created': [
      (event, manager) => s.subscriptions.onSubscriptionChanged(event, manager),
    ],
    'customer.subscription.updated': [
      (event, manager) => s.subscriptions.onSubscriptionChanged(event, manager),
    ],
    'customer.subscription.deleted': [
      (event, manager) => s.subscriptions.onSubscriptionChanged(event, manager),
      (event, manager) => s.dunning.onSubscriptionDeleted(event, manager),
    ],
    'subscription_schedule.updated': [
      (event, manager) => s.subscriptions.onScheduleChanged(event, manager),
    ],
    'subscription_schedule.released': [
      (event, manager) => s.subscriptions.onScheduleChanged(event, manager),
    ],

    // Invoices and charges: the transactions first, then dunning's state and e-mails.
    'invoice.paid': [
      (event, manager) => s.payments.onInvoiceChanged(event, manager),
      (event, manager) => s.dunning.onInvoiceChanged(event, manager),
    ],
    'invoice.payment_failed': [
      (event, manager) => s.payments.onInvoiceChanged(event, manager),
      (event, manager) => s.dunning.onInvoiceChanged(event, manager),
    ],
    'invoice.voided': [
      (event, manager) => s.payments.onInvoiceChanged(event, manager),
      (event, manager) => s.dunning.onInvoiceChanged(event, manager),
    ],
    'invoice.marked_uncollectible': [
      (event, manager) => s.dunning.onInvoiceChanged(event, manager),
    ],
    'charge.refunded': [(event, manager) => s.payments.onChargeRefunded(event, manager)],

    // Promotion codes redeemed or changed at Stripe.
    'promotion_code.updated': [
      (event, manager) => s.promotions.onPromotionCodeUpdated(event, manager),
    ],

    // A deleted member's customer and cards: stored without the details they carried.
    'customer.updated': [
      (event, manager) => s.customerErasure.forgetPreviousValues(event, manager),
    ],
    'payment_method.updated': [
      (event, manager) => s.customerErasure.forgetPreviousValues(event, manager),
    ],

    // A test clock that moved: grace periods and founding reminders that came due.
    'test_helpers.test_clock.ready': [
      (event, manager) => s.dunning.onTestClockReady(event, manager),
      (event, manager) => s.foundingReminders.onTestClockReady(event, manager),
    ],
  };
}
