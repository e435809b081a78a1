import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '../config/app-config.js';
import { ACCESS_TOKEN_CHECKS, accessTokenKey, toAuthenticatedUser } from './access-tokens.js';
import type { AuthenticatedUser } from './auth-user.js';

/** Verifies access tokens with the checks of access-tokens.ts. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(config: AppConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject made once: given the string, jsonwebtoken makes one on every request,
      // which took a sixth of the server's time on GET /api/me (bench/RESULTS.md).
      secretOrKey: accessTokenKey(config) as unknown as Buffer,
      ...ACCESS_TOKEN_CHECKS,
    });
  }

  /** False (401) for a token without the claims every token we issue carries. */
  validate(payload: unknown): AuthenticatedUser | false {
    return toAuthenticatedUser(payload) ?? false;
  }
}
