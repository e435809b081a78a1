import { createSecretKey, type KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import jwt from 'jsonwebtoken';
import { ExtractJwt } from 'passport-jwt';
import type { AppException } from '../common/app.exception.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { AppConfig } from '../config/app-config.js';
import type { AuthenticatedUser } from './auth-user.js';
import { EndedSessionsService } from './ended-sessions.service.js';
import { SessionOwnersService } from './session-owners.service.js';

export const JWT_ISSUER = 'leadpulse';
export const JWT_AUDIENCE = 'leadpulse-api';

/** What every access token is checked for: HS256 only (no `none`, no key confusion), our issuer and audience, unexpired. */
export const ACCESS_TOKEN_CHECKS = {
  algorithms: ['HS256'],
  issuer: JWT_ISSUER,
  audience: JWT_AUDIENCE,
  ignoreExpiration: false,
} satisfies jwt.VerifyOptions;

export interface AccessTokenPayload {
  sub: string;
  email: string;
  sid: string;
}

/** The key access tokens are signed with, made once: given the string, jsonwebtoken makes one per call. */
export function accessTokenKey(config: AppConfig): KeyObject {
  return createSecretKey(Buffer.from(config.jwtSecret!));
}

/**
 * The bearer a verified payload names, or null when it lacks what every token we issue carries:
 * a token without `exp` would never expire, one without `sid` could not be ended.
 */
export function toAuthenticatedUser(payload: unknown): AuthenticatedUser | null {
  const claims = payload as Partial<Record<keyof AccessTokenPayload | 'exp', unknown>>;
  if (
    typeof claims.sub !== 'string' ||
    typeof claims.sid !== 'string' ||
    typeof claims.email !== 'string' ||
    typeof claims.exp !== 'number'
  )
    return null;
  return { accountId: claims.sub, email: claims.email, sessionId: claims.sid };
}

export function sessionRequired(): AppException {
  return AUTH_ERRORS.unauthorized();
}

const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * The bearer of a request, checked as the JWT guard checks it (the same extractor, checks and key,
 * and a sign-in that has not ended), for the routes Fastify answers directly (web/direct-routes.ts).
 */
@Injectable()
export class AccessTokens {
  private readonly key: KeyObject;

  constructor(
    config: AppConfig,
    private readonly ended: EndedSessionsService,
    private readonly owners: SessionOwnersService,
  ) {
    this.key = accessTokenKey(config);
  }

  /**
   * The bearer; 401 `unauthorized` for a missing, bad or expired token, one without `exp` or
   * `sid`, a sign-in that is not the token's account's, or one that has ended.
   */
  async authenticate(request: FastifyRequest): Promise<AuthenticatedUser> {
    const token = bearerToken(request as never);
    if (!token) throw sessionRequired();
    let user: AuthenticatedUser | null;
    try {
      user = toAuthenticatedUser(jwt.verify(token, this.key, ACCESS_TOKEN_CHECKS));
    } catch {
      throw sessionRequired();
    }
    if (!user || this.ended.has(user.sessionId)) throw sessionRequired();
    if (!(await this.owners.belongsTo(user.sessionId, user.accountId))) throw sessionRequired();
    return user;
  }
}
