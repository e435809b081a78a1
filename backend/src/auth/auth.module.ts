import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AppConfig } from '../config/app-config.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../mail/mail.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { UserWritesModule } from '../users/user-writes.module.js';
import { AccountEmailsService } from './account-emails.service.js';
import { AdminBootstrapService } from './admin-bootstrap.service.js';
import { AuthTokensService } from './auth-tokens.service.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { ConfirmationService } from './confirmation.service.js';
import { EndedSessionsModule } from './ended-sessions.module.js';
import { JwtAuthGuard, OptionalJwtAuthGuard } from './guards.js';
import { JwtStrategy } from './jwt.strategy.js';
import { AdminMfaController } from './mfa/admin-mfa.controller.js';
import { MfaChallengesService } from './mfa/mfa-challenges.service.js';
import { MfaSecrets } from './mfa/mfa-secrets.js';
import { MfaController } from './mfa/mfa.controller.js';
import { MfaService } from './mfa/mfa.service.js';
import { PasswordsService } from './passwords.service.js';
import { SessionsService } from './sessions.service.js';
import { SignupController } from './signup.controller.js';

@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256' },
      }),
    }),
    EndedSessionsModule,
    JobsModule,
    MailModule,
    RateLimitModule,
    // The users module imports this one: its writes come from their own small module.
    UserWritesModule,
  ],
  controllers: [AuthController, SignupController, MfaController, AdminMfaController],
  providers: [
    AccountEmailsService,
    AdminBootstrapService,
    AuthService,
    AuthTokensService,
    ConfirmationService,
    JwtStrategy,
    JwtAuthGuard,
    MfaChallengesService,
    MfaSecrets,
    MfaService,
    OptionalJwtAuthGuard,
    PasswordsService,
    SessionsService,
  ],
  exports: [
    JwtAuthGuard,
    MfaService,
    OptionalJwtAuthGuard,
    PasswordsService,
    AuthTokensService,
    SessionsService,
  ],
})
export class AuthModule {}
