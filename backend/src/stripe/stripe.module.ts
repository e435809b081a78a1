import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { createStripeClient, STRIPE } from './stripe.client.js';

@Module({
  providers: [{ provide: STRIPE, inject: [AppConfig], useFactory: createStripeClient }],
  exports: [STRIPE],
})
export class StripeModule {}
