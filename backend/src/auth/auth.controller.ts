import { Body, Controller, Get, Header, HttpCode, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AccountEmailsService } from './account-emails.service.js';
import type { AuthenticatedUser, AuthUserView, Session } from './auth-user.js';
import { AuthService, type ClientInfo } from './auth.service.js';
import { AuthTokensService } from './auth-tokens.service.js';
import {
  ChangePasswordDto,
  EmailDto,
  LoginDto,
  RefreshDto,
  ResetPasswordDto,
  SignupDto,
  TokenDto,
} from './dto/auth.dto.js';
import { CurrentUser, JwtAuthGuard } from './guards.js';

const client = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly accountEmails: AccountEmailsService,
    private readonly tokens: AuthTokensService,
  ) {}

  @Post('signup')
  async signup(
    @Body() body: SignupDto,
    @Req() request: FastifyRequest,
  ): Promise<{ user: AuthUserView }> {
    return { user: await this.auth.signup(body, client(request)) };
  }

  @Post('confirm')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  confirm(@Body() body: TokenDto, @Req() request: FastifyRequest): Promise<Session> {
    return this.auth.confirm(body.token, client(request));
  }

  @Post('resend-confirmation')
  @HttpCode(200)
  async resendConfirmation(
    @Body() body: EmailDto,
    @Req() request: FastifyRequest,
  ): Promise<Record<string, never>> {
    await this.accountEmails.requestConfirmation(body.email, client(request));
    return {};
  }

  @Post('check-token')
  @HttpCode(200)
  checkToken(@Body() body: TokenDto) {
    return this.tokens.check(body.token);
  }

  @Post('login')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  login(@Body() body: LoginDto, @Req() request: FastifyRequest): Promise<Session> {
    return this.auth.login(body, client(request));
  }

  @Post('refresh')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  refresh(@Body() body: RefreshDto, @Req() request: FastifyRequest): Promise<Session> {
    return this.auth.refresh(body.refresh_token, client(request));
  }

  @Post('logout')
  @HttpCode(204)
  logout(@Body() body: RefreshDto): Promise<void> {
    return this.auth.logout(body.refresh_token);
  }

  @Post('recover')
  @HttpCode(200)
  async recover(
    @Body() body: EmailDto,
    @Req() request: FastifyRequest,
  ): Promise<Record<string, never>> {
    await this.accountEmails.requestPasswordReset(body.email, client(request));
    return {};
  }

  @Post('reset-password')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  resetPassword(@Body() body: ResetPasswordDto, @Req() request: FastifyRequest): Promise<Session> {
    return this.auth.resetPassword(body.token, body.password, client(request));
  }

  @Get('user')
  @Header('Cache-Control', 'no-store')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  user(@CurrentUser() user: AuthenticatedUser): Promise<AuthUserView> {
    return this.auth.user(user.accountId);
  }

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
