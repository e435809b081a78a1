import { Body, Controller, Delete, Header, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { MESSAGES, type RecoveryCodes, type Session, type TotpEnrollment } from '@leadpulse/common';
import { IdParam } from '../../common/id-param.js';
import type { AuthenticatedUser } from '../auth-user.js';
import type { ClientInfo } from '../auth.service.js';
import { Client, CurrentUser, JwtAuthGuard } from '../guards.js';
import { MfaChallengeDto, MfaCodeDto, VerifyTotpDto } from './dto/mfa.dto.js';
import { MfaChallengesService } from './mfa-challenges.service.js';
import { MfaService } from './mfa.service.js';
import { ApiErrors, RATE_LIMITED } from '../../api-docs/error-responses.js';
import { mfaErrors } from './mfa.errors.js';

/** Two-step verification: a member's enrolment and its removal, and the sign-in's second step. */
@ApiTags('auth')
@Controller('auth/mfa')
export class MfaController {
  constructor(
    private readonly mfa: MfaService,
    private readonly challenges: MfaChallengesService,
  ) {}

  @ApiErrors(mfaErrors.alreadyEnabled)
  @Post('totp/enroll')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  enroll(@CurrentUser() user: AuthenticatedUser): Promise<TotpEnrollment> {
    return this.mfa.enroll(user.accountId);
  }

  @ApiErrors(
    RATE_LIMITED,
    mfaErrors.factorNotFound,
    mfaErrors.alreadyEnabled,
    mfaErrors.invalidCode,
  )
  @Post('totp/verify')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  verify(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: VerifyTotpDto,
  ): Promise<RecoveryCodes> {
    return this.mfa.verify(user.accountId, body.factor_id, body.code);
  }

  @ApiErrors(RATE_LIMITED, mfaErrors.invalidToken, mfaErrors.invalidCode, {
    status: 403,
    code: 'account_suspended',
  })
  @Post('challenge')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  challenge(@Body() body: MfaChallengeDto, @Client() client: ClientInfo): Promise<Session<Date>> {
    return this.challenges.complete(body, client);
  }

  @ApiErrors(RATE_LIMITED, mfaErrors.factorNotFound, mfaErrors.invalidCode)
  @Delete('factors/:id')
  @HttpCode(204)
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @IdParam(MESSAGES.mfa.factorNotFound) id: string,
    @Body() body: MfaCodeDto,
  ): Promise<void> {
    return this.mfa.remove(user.accountId, id, body.code);
  }
}
