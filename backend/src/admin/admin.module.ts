import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { LeadsModule } from '../leads/leads.module.js';
import { RevenueModule } from '../revenue/revenue.module.js';
import { RolesModule } from '../roles/roles.module.js';
import { AdminIdentityController } from './admin-identity.controller.js';
import { AdminStatsController } from './admin-stats.controller.js';

/**
 * The back office's API that belongs to no feature: who is signed in, and the dashboard. Every
 * feature's admin controllers sit in that feature's module; all are guarded by AdminGuard.
 */
@Module({
  imports: [AuthModule, LeadsModule, RolesModule, RevenueModule],
  controllers: [AdminIdentityController, AdminStatsController],
})
export class AdminModule {}
