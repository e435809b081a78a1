import { createParamDecorator, Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { AUTH_ERRORS } from './auth.errors.js';
import type { AuthenticatedUser } from './auth-user.js';
import type { ClientInfo } from './auth.service.js';
import { EndedSessionsService } from './ended-sessions.service.js';
import { SessionOwnersService } from './session-owners.service.js';

type AuthenticatedRequest = FastifyRequest & { user?: AuthenticatedUser };

/**
 * Requires a valid access token of a sign-in that has not ended; 401 `unauthorized` otherwise.
 * (The ended check is here, not in the passport strategy, which passport keeps process-wide.)
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly ended: EndedSessionsService,
    private readonly owners: SessionOwnersService,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    // The sign-in the token names must be its account's: ending it then ends the token.
    const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user!;
    if (!(await this.owners.belongsTo(user.sessionId, user.accountId))) throw unauthorized();
    return true;
  }

  override handleRequest<T>(error: unknown, user: T): T {
    const bearer = user as AuthenticatedUser | false;
    if (error || !bearer || this.ended.has(bearer.sessionId)) throw unauthorized();
    return user;
  }
}

const unauthorized = AUTH_ERRORS.unauthorized;

/** Reads a bearer token when one is sent (401 if it is bad); lets anonymous requests through. */
@Injectable()
export class OptionalJwtAuthGuard extends JwtAuthGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!request.headers.authorization) return true;
    return (await super.canActivate(context)) as boolean;
  }
}

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().user!,
);

/** The caller's address and user agent, for rate limits and the sign-in record. */
export const Client = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ClientInfo => {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return { ip: request.ip, userAgent: request.headers['user-agent'] };
  },
);
