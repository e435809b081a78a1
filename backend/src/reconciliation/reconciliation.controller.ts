import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '../auth/guards.js';
import { ReconciliationService, type Repair } from './reconciliation.service.js';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/recovery')
export class ReconciliationController {
  constructor(private readonly reconciliation: ReconciliationService) {}

  /** Runs the reconciliation now; answers what it repaired. */
  @Post('reconcile')
  @HttpCode(200)
  async reconcile(): Promise<{ repaired: Repair[] }> {
    return { repaired: await this.reconciliation.run() };
  }
}
