import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { AdminPromotionsController } from './admin-promotions.controller.js';
import { PromotionsService } from './promotions.service.js';

@Module({
  imports: [AuthModule, StripeModule],
  controllers: [AdminPromotionsController],
  providers: [PromotionsService],
  exports: [PromotionsService],
})
export class PromotionsModule {}
