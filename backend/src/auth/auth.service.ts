import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isEmail } from 'class-validator';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser, MfaRequired, Session } from '@leadpulse/common';
import type { AppException } from '../common/app.exception.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { normaliseEmail } from '../common/email.js';
import { MailService } from '../mail/mail.service.js';
import { type PasswordAttempt, RateLimitService } from '../rate-limit/rate-limit.service.js';
import { isDeletedAddress } from '../users/deleted-account.js';
import { UserEntity } from '../users/user.entity.js';
import { UserWritesService } from '../users/user-writes.service.js';
import { AuthAccountEntity } from './auth-account.entity.js';
import { AuthTokensService, sha256 } from './auth-tokens.service.js';
import type { AuthTokenKind } from './auth-token.entity.js';
import { mapAuthUser } from './auth-user.js';
import { markConfirmed } from './confirmation.service.js';
import { verifiedFactors } from './mfa/factors.js';
import { MfaChallengesService } from './mfa/mfa-challenges.service.js';
import { MfaService } from './mfa/mfa.service.js';
import { PasswordsService } from './passwords.service.js';
import { SessionsService } from './sessions.service.js';
import { newSignupProof } from './signup-cookie.js';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

const invalidLink = () => AUTH_ERRORS.invalidSetupLink();

/** "Ada Lovelace King" → first "Ada", last "Lovelace King" (DESIGN decisions). */
export function splitName(name: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first_name: first.slice(0, 100), last_name: rest.join(' ').slice(0, 100) };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === '23505';
}

/** Every link that can set a password or sign in: a new password retires them all. */
const PASSWORD_LINKS: AuthTokenKind[] = ['password_reset', 'password_setup', 'email_confirmation'];

/** Sign-up, sign-in and password changes (confirmation is ConfirmationService's). */
@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly passwords: PasswordsService,
    private readonly tokens: AuthTokensService,
    private readonly sessions: SessionsService,
    private readonly mail: MailService,
    private readonly rateLimits: RateLimitService,
    private readonly mfa: MfaService,
    private readonly challenges: MfaChallengesService,
    private readonly userWrites: UserWritesService,
  ) {}

  /** Creates the account; `proof` is the secret for the signing-up browser (see signup-cookie.ts). */
  async signup(
    input: { email: string; password: string; name: string },
    client: ClientInfo,
  ): Promise<{ user: AuthUser<Date>; proof: string }> {
    await this.rateLimits.consume('signup', client.ip);
    const email = normaliseEmail(input.email);
    // A deleted account's address names its row, never a mailbox anyone holds.
    if (!isEmail(email) || isDeletedAddress(email)) throw AUTH_ERRORS.invalidEmail();
    this.passwords.assertAcceptable(input.password);
    const passwordHash = await this.passwords.hash(input.password);
    const names = splitName(input.name);
    const proof = newSignupProof();

    try {
      return await this.dataSource.transaction(async (manager) => {
        if (await manager.getRepository(AuthAccountEntity).existsBy({ email }))
          throw this.emailExists();
        const account = await manager.getRepository(AuthAccountEntity).save(
          manager.getRepository(AuthAccountEntity).create({
            email,
            password_hash: passwordHash,
            signup_proof_hash: sha256(proof),
            metadata: { name: input.name.trim(), source: 'regular_signup', ...names },
          }),
        );
        const user = await this.linkOrCreateUser(manager, account, names);
        const token = await this.tokens.create(manager, account.id, 'email_confirmation');
        await this.mail.enqueue(manager, {
          to: email,
          template: 'confirm-email',
          data: { link: `/confirm-email#token=${token}` },
          userId: user.id,
        });
        await this.mail.enqueue(manager, {
          to: email,
          template: 'welcome',
          data: { firstName: names.first_name, link: '/dashboard' },
          userId: user.id,
        });
        return { user: mapAuthUser(account), proof };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw this.emailExists();
      throw error;
    }
  }

  /**
   * A session for the right password; with two-step verification on, a token for the code step
   * instead (mfa-challenges.service.ts), the sign-in attempt then counted as done only by a
   * right code.
   */
  async login(
    input: { email: string; password: string },
    client: ClientInfo,
  ): Promise<Session<Date> | MfaRequired> {
    const email = normaliseEmail(input.email);
    const attempt = await this.rateLimits.reserveLogin(email, client.ip);
    const account = await this.checkPassword(attempt, input.password, () =>
      this.dataSource.getRepository(AuthAccountEntity).findOneBy({ email }),
    );
    // Unknown e-mails are checked against a decoy hash: same answer, comparable time.
    if (!account) throw AUTH_ERRORS.invalidCredentials();
    if (!account.email_confirmed_at) {
      await attempt.release();
      throw AUTH_ERRORS.emailNotConfirmed();
    }
    if (await this.mfa.hasVerifiedFactor(this.dataSource.manager, account.id)) {
      // The password was right, so it counts as no failure; but the failures of codes stay.
      await attempt.release();
      return this.dataSource.transaction((manager) => this.challenges.issue(manager, account.id));
    }
    await attempt.succeeded();
    return this.dataSource.transaction(async (manager) => {
      account.last_sign_in_at = new Date();
      await manager
        .getRepository(AuthAccountEntity)
        .update(account.id, { last_sign_in_at: account.last_sign_in_at });
      return this.sessions.start(manager, account, client.userAgent);
    });
  }

  async refresh(refreshToken: string, client: ClientInfo): Promise<Session<Date>> {
    await this.rateLimits.consume('refresh', client.ip);
    return this.sessions.refresh(refreshToken, client.userAgent);
  }

  logout(refreshToken: string): Promise<void> {
    return this.sessions.endByRefreshToken(refreshToken);
  }

  /**
   * Sets a password through a reset or setup link: confirms the e-mail, activates the member,
   * retires every other link, ends every other sign-in and starts a new one. The link proves the
   * mailbox, not the second step: with two-step verification on, the answer is the code step.
   */
  async resetPassword(
    token: string,
    password: string,
    client: ClientInfo,
  ): Promise<Session<Date> | MfaRequired> {
    await this.rateLimits.consume('confirm', client.ip);
    this.passwords.assertAcceptable(password);
    const passwordHash = await this.passwords.hash(password);
    return this.dataSource.transaction(async (manager) => {
      const used = await this.tokens.consume(manager, token, ['password_reset', 'password_setup']);
      if (!used) throw invalidLink();
      await manager
        .getRepository(AuthAccountEntity)
        .update(used.auth_account_id, { password_hash: passwordHash });
      const account = await markConfirmed(manager, used.auth_account_id);
      await this.userWrites.markPasswordSetByLink(manager, account.id);
      await this.tokens.retire(manager, account.id, PASSWORD_LINKS);
      await this.sessions.endAll(manager, account.id);
      await this.challenges.retire(manager, account.id);
      if (await this.mfa.hasVerifiedFactor(manager, account.id))
        return this.challenges.issue(manager, account.id);
      return this.sessions.start(manager, account, client.userAgent);
    });
  }

  /**
   * Changes the password of a signed-in member after checking the current one; other sign-ins
   * end and links issued before (a reset asked for earlier, say) stop working.
   */
  async changePassword(
    accountId: string,
    sessionId: string,
    currentPassword: string,
    newPassword: string,
  ): Promise<void> {
    const attempt = await this.rateLimits.reservePasswordCheck(accountId);
    const account = await this.checkPassword(attempt, currentPassword, () =>
      this.dataSource.getRepository(AuthAccountEntity).findOneByOrFail({ id: accountId }),
    );
    if (!account) {
      throw AUTH_ERRORS.invalidCurrentPassword();
    }
    await attempt.succeeded();
    this.passwords.assertAcceptable(newPassword);
    const passwordHash = await this.passwords.hash(newPassword);
    await this.dataSource.transaction(async (manager) => {
      await manager
        .getRepository(AuthAccountEntity)
        .update(accountId, { password_hash: passwordHash });
      await this.userWrites.setPasswordSet(manager, accountId, true);
      await this.tokens.retire(manager, accountId, PASSWORD_LINKS);
      await this.sessions.endAll(manager, accountId, sessionId);
      await this.challenges.retire(manager, accountId);
    });
  }

  async user(accountId: string): Promise<AuthUser<Date>> {
    return mapAuthUser(
      await this.dataSource.getRepository(AuthAccountEntity).findOneByOrFail({ id: accountId }),
      await verifiedFactors(this.dataSource.manager, accountId),
    );
  }

  /**
   * Checks a password under an attempt already reserved: the account when it matches, else
   * undefined with the attempt kept as a failure; an error gives the attempt back.
   */
  private async checkPassword(
    attempt: PasswordAttempt,
    password: string,
    find: () => Promise<AuthAccountEntity | null>,
  ): Promise<AuthAccountEntity | undefined> {
    try {
      const account = await find();
      const matches = await this.passwords.verify(account?.password_hash, password);
      return matches && account ? account : undefined;
    } catch (error) {
      await attempt.release();
      throw error;
    }
  }

  private emailExists(): AppException {
    return AUTH_ERRORS.emailExists();
  }

  /** A customer record for the e-mail may exist already (waitlist, purchase): link it, else create one. */
  private async linkOrCreateUser(
    manager: EntityManager,
    account: AuthAccountEntity,
    names: { first_name: string; last_name: string },
  ): Promise<UserEntity> {
    const existing = await manager.getRepository(UserEntity).findOne({
      where: { email: account.email },
      lock: { mode: 'pessimistic_write' },
    });
    if (existing?.status === 'deleted') throw this.emailExists();
    return existing
      ? this.userWrites.linkSignup(manager, existing, account, names)
      : this.userWrites.createForSignup(manager, account, names);
  }
}
