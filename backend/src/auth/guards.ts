import {
  createParamDecorator,
  Injectable,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { MESSAGES } from '@leadpulse/common';
import { AppException } from '../common/app.exception.js';
import type { AuthenticatedUser } from './auth-user.js';

type AuthenticatedRequest = FastifyRequest & { user?: AuthenticatedUser };

/** Requires a valid access token; 401 `unauthorized` otherwise. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(error: unknown, user: T): T {
    if (error || !user) throw new AppException('unauthorized', 401, MESSAGES.session.required);
    return user;
  }
}

/** Reads a bearer token when one is sent (401 if it is bad); lets anonymous requests through. */
@Injectable()
export class OptionalJwtAuthGuard extends AuthGuard('jwt') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!request.headers.authorization) return true;
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error || !user) throw new AppException('unauthorized', 401, MESSAGES.session.required);
    return user;
  }
}

/**
 * Requires a signed-in administrator. `is_admin` is read from the database on every request, so
 * taking the role away takes effect at once.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly jwt: JwtAuthGuard,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.jwt.canActivate(context);
    const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user!;
    const [row] = (await this.dataSource.query(
      `SELECT id, is_admin FROM users WHERE auth_user_id = $1`,
      [user.accountId],
    )) as { id: string; is_admin: boolean }[];
    if (!row?.is_admin) throw new AppException('forbidden', 403, MESSAGES.admin.accessDenied);
    user.userId = row.id;
    return true;
  }
}

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().user!,
);
