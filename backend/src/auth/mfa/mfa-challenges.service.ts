import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { MfaRequired, Session } from '@leadpulse/common';
import { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { AuthAccountEntity } from '../auth-account.entity.js';
import { sha256 } from '../auth-tokens.service.js';
import type { ClientInfo } from '../auth.service.js';
import { SessionsService } from '../sessions.service.js';
import { MfaChallengeEntity } from './mfa-challenge.entity.js';
import { MfaService, type SecondStep } from './mfa.service.js';
import { mfaErrors } from './mfa.errors.js';

export const MFA_TOKEN_TTL_MS = 5 * 60_000;
/** Wrong codes one `mfa_token` takes; the next answer is 401, and the password is asked again. */
export const MFA_TOKEN_MAX_FAILURES = 5;

const isOpen = (challenge: MfaChallengeEntity) =>
  !challenge.used_at &&
  challenge.expires_at > new Date() &&
  challenge.failed_attempts < MFA_TOKEN_MAX_FAILURES;

/** The second step of a sign-in: the token handed out for a right password, spent by a right code. */
@Injectable()
export class MfaChallengesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mfa: MfaService,
    private readonly sessions: SessionsService,
    private readonly rateLimits: RateLimitService,
  ) {}

  /** A new `mfa_token` for the account, in the caller's transaction; spent ones are cleared away. */
  async issue(manager: EntityManager, accountId: string): Promise<MfaRequired> {
    await manager.query(
      `DELETE FROM mfa_challenges
        WHERE auth_account_id = $1 AND (used_at IS NOT NULL OR expires_at <= now())`,
      [accountId],
    );
    const token = randomBytes(32).toString('base64url');
    await manager.getRepository(MfaChallengeEntity).insert({
      token_hash: sha256(token),
      auth_account_id: accountId,
      expires_at: new Date(Date.now() + MFA_TOKEN_TTL_MS),
    });
    return { mfa_required: true, mfa_token: token };
  }

  /** Ends every waiting second step of the account (its password changed). */
  async retire(manager: EntityManager, accountId: string): Promise<void> {
    await manager.query(`DELETE FROM mfa_challenges WHERE auth_account_id = $1`, [accountId]);
  }

  /**
   * Spends the token on a right code and starts the session. Each try counts against the
   * account's sign-in limits as a password would: a wrong code keeps its slots, a right one
   * clears the account's failures from this address.
   */
  async complete(
    input: SecondStep & { mfa_token: string },
    client: ClientInfo,
  ): Promise<Session<Date>> {
    const challenge = await this.dataSource
      .getRepository(MfaChallengeEntity)
      .findOneBy({ token_hash: sha256(input.mfa_token) });
    if (!challenge || !isOpen(challenge)) throw mfaErrors.invalidToken();
    const account = await this.dataSource
      .getRepository(AuthAccountEntity)
      .findOneByOrFail({ id: challenge.auth_account_id });
    const attempt = await this.rateLimits.reserveLogin(account.email, client.ip);

    let outcome: { kind: 'ok'; session: Session<Date> } | { kind: 'spent' } | { kind: 'wrong' };
    try {
      outcome = await this.dataSource.transaction(async (manager) => {
        const challenges = manager.getRepository(MfaChallengeEntity);
        const current = await challenges.findOne({
          where: { id: challenge.id },
          lock: { mode: 'pessimistic_write' },
        });
        if (!current || !isOpen(current)) return { kind: 'spent' as const };
        if (!(await this.mfa.acceptSecondStep(manager, account.id, input))) {
          await challenges.update(current.id, { failed_attempts: current.failed_attempts + 1 });
          return { kind: 'wrong' as const };
        }
        await challenges.update(current.id, { used_at: new Date() });
        account.last_sign_in_at = new Date();
        await manager
          .getRepository(AuthAccountEntity)
          .update(account.id, { last_sign_in_at: account.last_sign_in_at });
        return {
          kind: 'ok' as const,
          session: await this.sessions.start(manager, account, client.userAgent),
        };
      });
    } catch (error) {
      await attempt.release();
      throw error;
    }
    if (outcome.kind === 'ok') {
      await attempt.succeeded();
      return outcome.session;
    }
    if (outcome.kind === 'spent') {
      await attempt.release();
      throw mfaErrors.invalidToken();
    }
    await this.mfa.codeFailed(account.id);
    throw mfaErrors.invalidCode();
  }
}
