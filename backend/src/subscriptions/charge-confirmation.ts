import { HttpException } from '@nestjs/common';
import type Stripe from 'stripe';
import { formatUsd, getPlan, type PendingCharge } from '@leadpulse/common';
import { billingPeriod } from './subscriptions.service.js';

export const CHARGE_CONFIRMATION_REQUIRED = 'charge_confirmation_required';

/** "every month" / "every 3 months", from a price's recurrence. */
function every(recurring: Stripe.Price.Recurring | null): string {
  const period = billingPeriod(recurring);
  return period.endsWith('ly') ? `every ${period.slice(0, -2)}` : period;
}

/**
 * The charge of a new subscription on the cancelled one's price: the first period is paid at
 * once, from the customer's saved payment method, then again each period.
 */
export function pendingCharge(
  price: Stripe.Price,
  quantity: number,
  planCode: string | undefined,
): PendingCharge {
  const amount = (price.unit_amount ?? 0) * quantity;
  const name = planCode ? getPlan(planCode).name : (price.nickname ?? price.id);
  return {
    amount_cents: amount,
    currency: price.currency,
    description: `A new ${name} subscription: ${formatUsd(amount)} charged now to the customer's saved payment method, then ${formatUsd(amount)} ${every(price.recurring)}.`,
  };
}

/** 409 with the charge itself, so the screen can show it and send it back as the confirmation. */
export class ChargeConfirmationRequired extends HttpException {
  constructor(charge: PendingCharge) {
    super(
      {
        statusCode: 409,
        code: CHARGE_CONFIRMATION_REQUIRED,
        message: `Reactivating charges the customer ${formatUsd(charge.amount_cents)} now. Confirm the amount to go ahead.`,
        ...charge,
      },
      409,
    );
  }
}
