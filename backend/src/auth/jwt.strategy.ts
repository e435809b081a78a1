import { createSecretKey } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '../config/app-config.js';
import type { AuthenticatedUser } from './auth-user.js';
import { JWT_AUDIENCE, JWT_ISSUER } from './sessions.service.js';

interface AccessTokenPayload {
  sub: string;
  email: string;
  sid: string;
}

/** Verifies access tokens: HS256 only (no `none`, no key confusion), our issuer and audience, unexpired. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(config: AppConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject made once: given the string, jsonwebtoken makes one on every request,
      // which took a sixth of the server's time on GET /api/me (bench/RESULTS.md).
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret!)) as unknown as Buffer,
      algorithms: ['HS256'],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  validate(payload: AccessTokenPayload): AuthenticatedUser {
    return { accountId: payload.sub, email: payload.email, sessionId: payload.sid };
  }
}
