import { Body, Controller, Header, HttpCode, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ConfirmedSession, SignupAnswer } from '@leadpulse/common';
import { AppConfig } from '../config/app-config.js';
import { AccountEmailsService } from './account-emails.service.js';
import { AuthService, type ClientInfo } from './auth.service.js';
import { ConfirmationService } from './confirmation.service.js';
import { EmailDto, SignupDto, TokenDto } from './dto/auth.dto.js';
import { Client } from './guards.js';
import { SignupProof, expiredSignupCookie, signupCookie } from './signup-cookie.js';
import { ApiErrors, RATE_LIMITED } from '../api-docs/error-responses.js';

/**
 * Sign-up and its confirmation. The browser that signs up gets a cookie that only the
 * confirmation receives back, proving there that the confirmer chose the password.
 */
@ApiTags('auth')
@Controller('auth')
export class SignupController {
  constructor(
    private readonly auth: AuthService,
    private readonly confirmation: ConfirmationService,
    private readonly accountEmails: AccountEmailsService,
    private readonly config: AppConfig,
  ) {}

  @ApiErrors(
    RATE_LIMITED,
    { status: 409, code: 'email_exists' },
    { status: 400, code: 'invalid_email' },
    { status: 400, code: 'weak_password' },
  )
  @Post('signup')
  @Header('Cache-Control', 'no-store')
  async signup(
    @Body() body: SignupDto,
    @Client() client: ClientInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignupAnswer<Date>> {
    const { user, proof } = await this.auth.signup(body, client);
    void reply.header('set-cookie', signupCookie(proof, this.config.appUrl));
    return { user };
  }

  /** The session; with `password_setup_token` when the confirmer must choose a new password. */
  @ApiErrors(
    RATE_LIMITED,
    { status: 400, code: 'invalid_token' },
    { status: 403, code: 'account_suspended' },
  )
  @Post('confirm')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  async confirm(
    @Body() body: TokenDto,
    @SignupProof() proof: string | undefined,
    @Client() client: ClientInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ConfirmedSession<Date>> {
    const { session, proved } = await this.confirmation.confirm(body.token, proof, client);
    if (proved) void reply.header('set-cookie', expiredSignupCookie(this.config.appUrl));
    return session;
  }

  @ApiErrors(RATE_LIMITED)
  @Post('resend-confirmation')
  @HttpCode(200)
  async resendConfirmation(
    @Body() body: EmailDto,
    @Client() client: ClientInfo,
  ): Promise<Record<string, never>> {
    await this.accountEmails.requestConfirmation(body.email, client);
    return {};
  }
}
