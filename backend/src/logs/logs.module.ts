import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { AdminErrorReportsController } from './admin-error-reports.controller.js';
import { LogsController } from './logs.controller.js';
import { LogsService } from './logs.service.js';

@Module({
  imports: [AuthModule, RateLimitModule],
  controllers: [LogsController, AdminErrorReportsController],
  providers: [LogsService],
})
export class LogsModule {}
