import type { PaymentMethodRecord, PaymentRecord } from '@leadpulse/common';
import type { PaymentMethodEntity } from './payment-method.entity.js';
import type { TransactionEntity } from './transaction.entity.js';

export function toPaymentMethodRecord(card: PaymentMethodEntity): PaymentMethodRecord<Date> {
  return {
    id: card.id,
    user_id: card.user_id,
    stripe_customer_id: card.stripe_customer_id,
    stripe_payment_method_id: card.stripe_payment_method_id,
    card_brand: card.card_brand,
    card_last4: card.card_last4,
    card_exp_month: card.card_exp_month,
    card_exp_year: card.card_exp_year,
    is_default: card.is_default,
    created_at: card.created_at,
    updated_at: card.updated_at,
  };
}

export function toPaymentRecord(payment: TransactionEntity): PaymentRecord<Date> {
  return {
    id: payment.id,
    user_id: payment.user_id,
    stripe_customer_id: payment.stripe_customer_id,
    stripe_invoice_id: payment.stripe_invoice_id,
    stripe_charge_id: payment.stripe_charge_id,
    stripe_subscription_id: payment.stripe_subscription_id,
    amount_cents: payment.amount_cents,
    amount_refunded_cents: payment.amount_refunded_cents,
    currency: payment.currency,
    status: payment.status,
    description: payment.description,
    receipt_url: payment.receipt_url,
    paid_at: payment.paid_at,
    refunds: payment.refunds,
    created_at: payment.created_at,
    updated_at: payment.updated_at,
  };
}
