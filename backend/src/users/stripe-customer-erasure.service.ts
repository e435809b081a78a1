import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { JobsService } from '../jobs/jobs.service.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { idOf } from '../stripe/stripe-ids.js';

const ERASE_CUSTOMER_QUEUE = 'erase-stripe-customer';
/** The customer's fields that name a person. */
const CUSTOMER_DETAILS = ['email', 'name', 'phone', 'description', 'address', 'shipping'] as const;

/**
 * A deleted member's Stripe customer keeps their payments (Stripe's invoices and charges are
 * accounting records), so it is anonymised rather than deleted: e-mail, name, phone, address,
 * shipping and description are unset, and so are its cards' billing details. Done once the
 * deletion has committed; if Stripe fails, a job retries it. The `customer.updated` and
 * `payment_method.updated` events that Stripe then sends carry the old values in
 * `previous_attributes`: they are stored without them.
 */
@Injectable()
export class StripeCustomerErasureService implements OnModuleInit {
  private readonly logger = new Logger(StripeCustomerErasureService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.createQueue(ERASE_CUSTOMER_QUEUE, {
      retryLimit: 10,
      retryDelay: 60,
      retryBackoff: true,
    });
    await this.jobs.work<{ customerId: string }>(ERASE_CUSTOMER_QUEUE, (job) =>
      this.anonymise(job.data.customerId),
    );
  }

  /** Anonymises the customer now, or queues the retry when Stripe cannot be reached. */
  async erase(customerId: string): Promise<void> {
    try {
      await this.anonymise(customerId);
    } catch (error) {
      this.logger.warn(
        `Could not anonymise Stripe customer ${customerId} yet (${(error as Error).message}): retrying in the background`,
      );
      await this.jobs.send(ERASE_CUSTOMER_QUEUE, { customerId });
    }
  }

  private async anonymise(customerId: string): Promise<void> {
    await this.stripe.customers.update(
      customerId,
      Object.fromEntries(CUSTOMER_DETAILS.map((key) => [key, ''])),
      { idempotencyKey: `${customerId}:erase` },
    );
    // A card keeps the cardholder's name and e-mail the checkout page collected.
    for await (const method of this.stripe.paymentMethods.list({
      customer: customerId,
      limit: 100,
    }))
      await this.stripe.paymentMethods.update(
        method.id,
        { billing_details: { name: '', email: '', phone: '', address: '' } },
        { idempotencyKey: `${method.id}:erase` },
      );
  }

  /**
   * `customer.updated` and `payment_method.updated`: a deleted member's customer or card event
   * is kept without the details it carried.
   */
  async forgetPreviousValues(event: Stripe.Event, manager: EntityManager): Promise<void> {
    const object = event.data.object as Stripe.Customer | Stripe.PaymentMethod;
    const customerId = object.object === 'customer' ? object.id : idOf(object.customer);
    const [deleted] = (await manager.query(
      `SELECT 1 FROM users WHERE stripe_customer_id = $1 AND status = 'deleted'`,
      [customerId],
    )) as unknown[];
    if (!deleted) return;
    const cleared =
      object.object === 'customer'
        ? Object.fromEntries(CUSTOMER_DETAILS.map((key) => [key, null]))
        : { billing_details: { ...object.billing_details, name: null, email: null, phone: null } };
    await manager.query(
      `UPDATE stripe_events
          SET event_data = jsonb_set(event_data #- '{data,previous_attributes}', '{data,object}',
                                     (event_data #> '{data,object}') || $2::jsonb),
              updated_at = now()
        WHERE stripe_event_id = $1`,
      [event.id, JSON.stringify(cleared)],
    );
  }
}
