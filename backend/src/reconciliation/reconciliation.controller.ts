import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type {
  PasswordLinkAnswer,
  RecoveryCandidate,
  RecoveryDone,
  ReconcileResult,
} from '@leadpulse/common';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { AdminGuard, AdminWrite } from '../auth/admin-access.js';
import { CurrentUser } from '../auth/guards.js';
import { RecoveryEmailDto } from './dto/recovery-email.dto.js';
import { RecoveryService } from './recovery.service.js';
import { ReconciliationService } from './reconciliation.service.js';
import { ApiErrors } from '../api-docs/error-responses.js';
import { RECONCILIATION_ERRORS } from './reconciliation.errors.js';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/recovery')
export class ReconciliationController {
  constructor(
    private readonly reconciliation: ReconciliationService,
    private readonly recovery: RecoveryService,
  ) {}

  /** Customers who paid but cannot use the service. */
  @Get()
  candidates(): Promise<RecoveryCandidate<Date>[]> {
    return this.recovery.candidates();
  }

  @ApiErrors(RECONCILIATION_ERRORS.nobodyToRecover, RECONCILIATION_ERRORS.alreadyRecovered, {
    status: 502,
    code: 'stripe_failed',
  })
  @Post('recover')
  @AdminWrite('recover_customer', 'recipient')
  @HttpCode(200)
  recover(
    @CurrentUser() admin: AuthenticatedUser,
    @Body() body: RecoveryEmailDto,
  ): Promise<RecoveryDone> {
    return this.recovery.recover(admin.userId!, body.email);
  }

  @ApiErrors(RECONCILIATION_ERRORS.nobodyToRecover, RECONCILIATION_ERRORS.alreadyRecovered)
  @Post('password-link')
  @AdminWrite('password_setup_link', 'recipient')
  @HttpCode(200)
  passwordLink(
    @CurrentUser() admin: AuthenticatedUser,
    @Body() body: RecoveryEmailDto,
  ): Promise<PasswordLinkAnswer> {
    return this.recovery.passwordLink(admin.userId!, body.email);
  }

  /** Runs the reconciliation now; answers what it repaired. */
  @ApiErrors({ status: 502, code: 'stripe_failed' })
  @Post('reconcile')
  @AdminWrite('run_reconciliation')
  @HttpCode(200)
  async reconcile(@CurrentUser() admin: AuthenticatedUser): Promise<ReconcileResult> {
    return { repaired: await this.reconciliation.runFor(admin.userId!) };
  }
}
