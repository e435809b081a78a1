import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { AuthTokenEntity, type AuthTokenKind } from './auth-token.entity.js';

const LIFETIME_SECONDS: Record<AuthTokenKind, number> = {
  email_confirmation: 48 * 3600,
  password_reset: 3600,
  password_setup: 7 * 24 * 3600,
};

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Single-use link tokens: 256 random bits, only their hash stored. */
@Injectable()
export class AuthTokensService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Creates a token in the caller's transaction and returns it (the only time it exists in clear). */
  async create(
    manager: EntityManager,
    authAccountId: string,
    kind: AuthTokenKind,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await manager.getRepository(AuthTokenEntity).insert({
      kind,
      token_hash: sha256(token),
      auth_account_id: authAccountId,
      expires_at: new Date(Date.now() + LIFETIME_SECONDS[kind] * 1000),
    });
    return token;
  }

  /** Marks a valid token of one of `kinds` used and returns it; undefined if unknown, used or expired. */
  async consume(
    manager: EntityManager,
    token: string,
    kinds: AuthTokenKind[],
  ): Promise<AuthTokenEntity | undefined> {
    const [rows] = (await manager.query(
      `UPDATE auth_tokens SET used_at = now(), updated_at = now()
       WHERE token_hash = $1 AND kind = ANY($2) AND used_at IS NULL AND expires_at > now()
       RETURNING *`,
      [sha256(token), kinds],
    )) as [AuthTokenEntity[], number];
    return rows[0];
  }

  /** Whether a token would be accepted now, and for what. */
  async check(token: string): Promise<{ valid: boolean; kind: AuthTokenKind | null }> {
    const row = await this.dataSource
      .getRepository(AuthTokenEntity)
      .findOneBy({ token_hash: sha256(token) });
    const valid = !!row && row.used_at === null && row.expires_at > new Date();
    return { valid, kind: valid ? row!.kind : null };
  }

  /** Retires the open tokens of a kind, when a newer one replaces them. */
  async retire(
    manager: EntityManager,
    authAccountId: string,
    kinds: AuthTokenKind[],
  ): Promise<void> {
    await manager
      .getRepository(AuthTokenEntity)
      .update(
        { auth_account_id: authAccountId, kind: In(kinds), used_at: IsNull() },
        { used_at: new Date() },
      );
  }
}
