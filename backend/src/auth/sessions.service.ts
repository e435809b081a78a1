import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AUTH_ERRORS } from './auth.errors.js';
import { AppConfig } from '../config/app-config.js';
import { usersErrors } from '../users/users.errors.js';
import { JWT_AUDIENCE, JWT_ISSUER } from './access-tokens.js';
import { AuthAccountEntity } from './auth-account.entity.js';
import { sha256 } from './auth-tokens.service.js';
import { EndedSessionsService } from './ended-sessions.service.js';
import type { AuthFactor, Session } from '@leadpulse/common';
import { mapAuthUser } from './auth-user.js';
import { verifiedFactors } from './mfa/factors.js';
import { RefreshTokenEntity } from './refresh-token.entity.js';

/** A token presented again this soon after its rotation gets the same successor (concurrent tabs). */
export const REFRESH_REUSE_GRACE_MS = 10_000;

const invalidRefreshToken = () => AUTH_ERRORS.invalidRefreshToken();

@Injectable()
export class SessionsService {
  constructor(
    private readonly config: AppConfig,
    private readonly jwt: JwtService,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ended: EndedSessionsService,
  ) {}

  /** Starts a new sign-in (a new refresh-token family). */
  async start(
    manager: EntityManager,
    account: AuthAccountEntity,
    userAgent?: string,
  ): Promise<Session<Date>> {
    // Every way in (a password, a reset or setup link, a confirmation) passes here: a suspended
    // account gets no sign-in, whichever it was; nor does a deleted one (which the database
    // already keeps from having a sign-in account).
    const [user] = (await manager.query(`SELECT status FROM users WHERE auth_user_id = $1`, [
      account.id,
    ])) as { status: string }[];
    if (user?.status === 'suspended') throw AUTH_ERRORS.accountSuspended();
    if (user?.status === 'deleted') throw usersErrors.deleted();
    const refreshToken = randomBytes(32).toString('base64url');
    const familyId = randomUUID();
    await this.storeRefreshToken(manager, refreshToken, familyId, account.id, userAgent);
    return this.session(
      account,
      familyId,
      refreshToken,
      await verifiedFactors(manager, account.id),
    );
  }

  /**
   * Rotates a refresh token. Concurrent requests with the same token inside the grace period all
   * get the same successor; the token presented after that revokes its whole family.
   */
  async refresh(refreshToken: string, userAgent?: string): Promise<Session<Date>> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const current = await manager.getRepository(RefreshTokenEntity).findOne({
        where: { token_hash: sha256(refreshToken) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!current || current.revoked_at || current.expires_at <= new Date())
        return { kind: 'invalid' as const };
      const account = await manager
        .getRepository(AuthAccountEntity)
        .findOneByOrFail({ id: current.auth_account_id });
      const successor = this.successorOf(refreshToken);
      const factors = await verifiedFactors(manager, account.id);

      if (!current.used_at) {
        await manager.getRepository(RefreshTokenEntity).update(current.id, { used_at: new Date() });
        await this.storeRefreshToken(manager, successor, current.family_id, account.id, userAgent);
        return {
          kind: 'ok' as const,
          session: this.session(account, current.family_id, successor, factors),
        };
      }
      if (Date.now() - current.used_at.getTime() <= REFRESH_REUSE_GRACE_MS) {
        return {
          kind: 'ok' as const,
          session: this.session(account, current.family_id, successor, factors),
        };
      }
      // A token used once already, presented again later: it may have been stolen.
      await this.revokeFamily(manager, current.family_id);
      return { kind: 'reused' as const };
    });
    if (outcome.kind !== 'ok') throw invalidRefreshToken();
    return outcome.session;
  }

  /** Ends the sign-in that the token belongs to. */
  async endByRefreshToken(refreshToken: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const token = await manager
        .getRepository(RefreshTokenEntity)
        .findOneBy({ token_hash: sha256(refreshToken) });
      if (token) await this.revokeFamily(manager, token.family_id);
    });
  }

  /**
   * Ends every sign-in of an account but, optionally, one. Their access tokens are refused
   * everywhere once the caller's transaction commits.
   */
  async endAll(
    manager: EntityManager,
    authAccountId: string,
    exceptFamilyId?: string,
  ): Promise<void> {
    const [rows] = (await manager.query(
      `UPDATE refresh_tokens SET revoked_at = now(), updated_at = now()
       WHERE auth_account_id = $1 AND revoked_at IS NULL AND family_id IS DISTINCT FROM $2
       RETURNING family_id`,
      [authAccountId, exceptFamilyId ?? null],
    )) as [{ family_id: string }[], number];
    await this.ended.announce(
      manager,
      rows.map((row) => row.family_id),
    );
  }

  private async revokeFamily(manager: EntityManager, familyId: string): Promise<void> {
    await manager.query(
      `UPDATE refresh_tokens SET revoked_at = now(), updated_at = now()
       WHERE family_id = $1 AND revoked_at IS NULL`,
      [familyId],
    );
    await this.ended.announce(manager, [familyId]);
  }

  /** Derived, not random, so that every concurrent rotation of one token yields the same successor. */
  private successorOf(refreshToken: string): string {
    return createHmac('sha256', `${this.config.jwtSecret}:refresh-rotation`)
      .update(refreshToken)
      .digest('base64url');
  }

  private async storeRefreshToken(
    manager: EntityManager,
    token: string,
    familyId: string,
    authAccountId: string,
    userAgent?: string,
  ): Promise<void> {
    await manager.getRepository(RefreshTokenEntity).insert({
      token_hash: sha256(token),
      family_id: familyId,
      auth_account_id: authAccountId,
      expires_at: new Date(Date.now() + this.config.auth.refreshTtlDays * 86_400_000),
      user_agent: userAgent?.slice(0, 300) ?? null,
    });
  }

  private session(
    account: AuthAccountEntity,
    familyId: string,
    refreshToken: string,
    factors: AuthFactor<Date>[],
  ): Session<Date> {
    const expiresIn = this.config.auth.accessTtlSeconds;
    const now = Math.floor(Date.now() / 1000);
    const accessToken = this.jwt.sign(
      { email: account.email, sid: familyId },
      {
        subject: account.id,
        expiresIn,
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        algorithm: 'HS256',
      },
    );
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: expiresIn,
      expires_at: now + expiresIn,
      refresh_token: refreshToken,
      user: mapAuthUser(account, factors),
    };
  }
}
