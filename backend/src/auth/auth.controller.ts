import { Body, Controller, Get, Header, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser, MfaRequired, Session, TokenCheck } from '@leadpulse/common';
import { AccountEmailsService } from './account-emails.service.js';
import type { AuthenticatedUser } from './auth-user.js';
import { AuthService, type ClientInfo } from './auth.service.js';
import { AuthTokensService } from './auth-tokens.service.js';
import {
  ChangePasswordDto,
  EmailDto,
  LoginDto,
  RefreshDto,
  ResetPasswordDto,
  TokenDto,
} from './dto/auth.dto.js';
import { Client, CurrentUser, JwtAuthGuard } from './guards.js';
import { ApiErrors, RATE_LIMITED } from '../api-docs/error-responses.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly accountEmails: AccountEmailsService,
    private readonly tokens: AuthTokensService,
  ) {}

  @Post('check-token')
  @HttpCode(200)
  checkToken(@Body() body: TokenDto): Promise<TokenCheck> {
    return this.tokens.check(body.token);
  }

  @ApiErrors(
    RATE_LIMITED,
    { status: 403, code: 'email_not_confirmed' },
    { status: 403, code: 'account_suspended' },
  )
  @Post('login')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  login(
    @Body() body: LoginDto,
    @Client() client: ClientInfo,
  ): Promise<Session<Date> | MfaRequired> {
    return this.auth.login(body, client);
  }

  @ApiErrors(
    RATE_LIMITED,
    { status: 401, code: 'invalid_refresh_token' },
    { status: 403, code: 'account_suspended' },
  )
  @Post('refresh')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  refresh(@Body() body: RefreshDto, @Client() client: ClientInfo): Promise<Session<Date>> {
    return this.auth.refresh(body.refresh_token, client);
  }

  @ApiErrors({ status: 401, code: 'invalid_refresh_token' })
  @Post('logout')
  @HttpCode(204)
  logout(@Body() body: RefreshDto): Promise<void> {
    return this.auth.logout(body.refresh_token);
  }

  @ApiErrors(RATE_LIMITED)
  @Post('recover')
  @HttpCode(200)
  recover(@Body() body: EmailDto, @Client() client: ClientInfo): Promise<Record<string, never>> {
    return this.accountEmails.requestPasswordReset(body.email, client).then(() => ({}));
  }

  @ApiErrors(
    RATE_LIMITED,
    { status: 400, code: 'invalid_token' },
    { status: 400, code: 'weak_password' },
    { status: 403, code: 'account_suspended' },
  )
  @Post('reset-password')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  resetPassword(
    @Body() body: ResetPasswordDto,
    @Client() client: ClientInfo,
  ): Promise<Session<Date> | MfaRequired> {
    return this.auth.resetPassword(body.token, body.password, client);
  }

  @Get('user')
  @Header('Cache-Control', 'no-store')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  user(@CurrentUser() user: AuthenticatedUser): Promise<AuthUser<Date>> {
    return this.auth.user(user.accountId);
  }

  @ApiErrors(
    RATE_LIMITED,
    { status: 400, code: 'invalid_password' },
    { status: 400, code: 'weak_password' },
  )
  @Put('password')
  @HttpCode(204)
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  changePassword(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ChangePasswordDto,
  ): Promise<void> {
    return this.auth.changePassword(
      user.accountId,
      user.sessionId,
      body.current_password,
      body.new_password,
    );
  }
}
