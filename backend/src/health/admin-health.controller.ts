import { Controller, Get, UseGuards } from '@nestjs/common';
import type { AdminHealthReport } from '@leadpulse/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '../auth/admin-access.js';
import { HealthService } from './health.service.js';

/** The System Health page: every check, this server's samples, error counts and system facts. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/health')
export class AdminHealthController {
  constructor(private readonly health: HealthService) {}

  /** Always 200: the page shows an unhealthy report rather than an error. */
  @Get()
  @ApiOkResponse({ description: 'The overall report with counts, samples and system facts' })
  report(): Promise<AdminHealthReport> {
    return this.health.adminReport();
  }
}
