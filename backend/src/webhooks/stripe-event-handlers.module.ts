import { Module, type OnModuleInit } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module.js';
import { BillingService } from '../billing/billing.service.js';
import { DunningService } from '../billing/dunning/dunning.service.js';
import { FoundingReminderService } from '../billing/founding-reminder.service.js';
import { FoundingModule } from '../founding/founding.module.js';
import { FoundingCompletionService } from '../founding/founding-completion.service.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { PaymentsService } from '../payments/payments.service.js';
import { PromotionsModule } from '../promotions/promotions.module.js';
import { PromotionsService } from '../promotions/promotions.service.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { StripeCustomerErasureService } from '../users/stripe-customer-erasure.service.js';
import { UsersModule } from '../users/users.module.js';
import { stripeEventHandlers } from './stripe-event-handlers.js';
import { StripeEventsService } from './stripe-events.service.js';
import { WebhooksModule } from './webhooks.module.js';

/** Gives the Stripe events service its map of handlers (`stripe-event-handlers.ts`) at start. */
@Module({
  imports: [
    WebhooksModule,
    FoundingModule,
    BillingModule,
    SubscriptionsModule,
    PaymentsModule,
    PromotionsModule,
    UsersModule,
  ],
})
export class StripeEventHandlersModule implements OnModuleInit {
  constructor(
    private readonly events: StripeEventsService,
    private readonly founding: FoundingCompletionService,
    private readonly billing: BillingService,
    private readonly subscriptions: SubscriptionsService,
    private readonly payments: PaymentsService,
    private readonly dunning: DunningService,
    private readonly promotions: PromotionsService,
    private readonly foundingReminders: FoundingReminderService,
    private readonly customerErasure: StripeCustomerErasureService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.events.route(
      stripeEventHandlers({
        founding: this.founding,
        billing: this.billing,
        subscriptions: this.subscriptions,
        payments: this.payments,
        dunning: this.dunning,
        promotions: this.promotions,
        foundingReminders: this.foundingReminders,
        customerErasure: this.customerErasure,
      }),
    );
  }
}
