import { timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ConfirmedSession } from '@leadpulse/common';
import { AUTH_ERRORS } from './auth.errors.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { UserWritesService } from '../users/user-writes.service.js';
import { AuthAccountEntity } from './auth-account.entity.js';
import { AuthTokensService, sha256 } from './auth-tokens.service.js';
import type { ClientInfo } from './auth.service.js';
import { SessionsService } from './sessions.service.js';

/** Marks the e-mail confirmed; the sign-up proof has done its work and is forgotten. */
export async function markConfirmed(
  manager: EntityManager,
  accountId: string,
): Promise<AuthAccountEntity> {
  await manager.query(
    `UPDATE auth_accounts SET email_confirmed_at = COALESCE(email_confirmed_at, now()),
       signup_proof_hash = NULL, updated_at = now() WHERE id = $1`,
    [accountId],
  );
  return manager.getRepository(AuthAccountEntity).findOneByOrFail({ id: accountId });
}

/** Whether the proof is the one handed to the browser that signed up for this account. */
function provesSignup(account: AuthAccountEntity, proof: string | undefined): boolean {
  if (!proof || !account.signup_proof_hash) return false;
  return timingSafeEqual(Buffer.from(sha256(proof)), Buffer.from(account.signup_proof_hash));
}

/**
 * Confirmation through the e-mailed link. Anyone can sign up with someone else's address, so a
 * password chosen before the address was verified survives only when the browser that chose it
 * confirms (it shows the sign-up's proof); otherwise the confirmer, who holds the mailbox, gets
 * the account without it and chooses their own.
 */
@Injectable()
export class ConfirmationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tokens: AuthTokensService,
    private readonly sessions: SessionsService,
    private readonly rateLimits: RateLimitService,
    private readonly userWrites: UserWritesService,
  ) {}

  /** Confirms the e-mail, activates a pending member and signs them in; `proved` when the proof matched. */
  async confirm(
    token: string,
    proof: string | undefined,
    client: ClientInfo,
  ): Promise<{ session: ConfirmedSession<Date>; proved: boolean }> {
    await this.rateLimits.consume('confirm', client.ip);
    return this.dataSource.transaction(async (manager) => {
      const used = await this.tokens.consume(manager, token, ['email_confirmation']);
      if (!used) throw AUTH_ERRORS.invalidConfirmationLink();
      const before = await manager.getRepository(AuthAccountEntity).findOneOrFail({
        where: { id: used.auth_account_id },
        lock: { mode: 'pessimistic_write' },
      });
      const proved = provesSignup(before, proof);
      const unverifiedPassword = !!before.password_hash && !before.email_confirmed_at;
      const setupToken =
        unverifiedPassword && !proved ? await this.dropPassword(manager, before.id) : undefined;
      await this.tokens.retire(manager, before.id, ['email_confirmation']);
      const account = await markConfirmed(manager, before.id);
      await this.userWrites.activateConfirmed(manager, account.id);
      const session = await this.sessions.start(manager, account, client.userAgent);
      return {
        session: setupToken ? { ...session, password_setup_token: setupToken } : session,
        proved,
      };
    });
  }

  /** Drops the unverified password and ends every sign-in; returns a token to choose a new password. */
  private async dropPassword(manager: EntityManager, accountId: string): Promise<string> {
    await manager.getRepository(AuthAccountEntity).update(accountId, { password_hash: null });
    await this.userWrites.setPasswordSet(manager, accountId, false);
    await this.tokens.retire(manager, accountId, ['password_reset', 'password_setup']);
    await this.sessions.endAll(manager, accountId);
    return this.tokens.create(manager, accountId, 'password_setup');
  }
}
