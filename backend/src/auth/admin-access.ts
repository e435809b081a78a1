import {
  applyDecorators,
  Injectable,
  Logger,
  SetMetadata,
  UseGuards,
  UseInterceptors,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiExtension, ApiForbiddenResponse } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { tap, type Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import {
  ROLE_PERMISSIONS,
  auditActionLabel,
  permissionFor,
  type AdminWriteAction,
  type Permission,
} from '@leadpulse/common';
import { AuditService } from '../audit/audit.service.js';
import { AppConfig } from '../config/app-config.js';
import type { AuthenticatedUser } from './auth-user.js';
import { JwtAuthGuard } from './guards.js';
import { mfaErrors } from './mfa/mfa.errors.js';
import { usersErrors } from '../users/users.errors.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { isUuid } from '../common/ids.js';
import { requestContext } from '../common/request-context.js';
import { UserEntity } from '../users/user.entity.js';
import {
  ADMIN_TARGET,
  ADMIN_WRITE,
  AdminRefusalAudit,
  AdminTargetGuard,
  type AccountTarget,
} from './admin-targets.js';

type AdminRequest = FastifyRequest & { user?: AuthenticatedUser; params?: Record<string, string> };

export { ADMIN_WRITE };

/**
 * Requires a signed-in administrator and loads what their roles grant. `is_admin` and the roles
 * are read from the database on every request, so taking either away takes effect at once. With
 * ADMIN_MFA_REQUIRED, an administrator without a verified two-step factor is refused until they
 * enrol (enrolment is under /api/auth/mfa, outside the back office).
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly jwt: JwtAuthGuard,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.jwt.canActivate(context);
    const user = context.switchToHttp().getRequest<AdminRequest>().user!;
    const [row] = (await this.dataSource.query(
      `SELECT u.id, u.is_admin, bool_or(r.is_owner) AS owner,
              array_remove(array_agg(DISTINCT p.key), NULL) AS granted,
              ${
                this.config.auth.adminMfaRequired
                  ? `EXISTS (SELECT 1 FROM mfa_factors f
                              WHERE f.auth_account_id = u.auth_user_id AND f.verified_at IS NOT NULL)`
                  : 'true'
              } AS enrolled
         FROM users u
         LEFT JOIN admin_roles ar ON ar.user_id = u.id
         LEFT JOIN roles r ON r.id = ar.role_id
         LEFT JOIN LATERAL jsonb_each(r.permissions) p(key, value) ON p.value = 'true'::jsonb
        WHERE u.auth_user_id = $1
        GROUP BY u.id`,
      [user.accountId],
    )) as {
      id: string;
      is_admin: boolean;
      owner: boolean | null;
      granted: string[];
      enrolled: boolean;
    }[];
    if (!row?.is_admin) throw AUTH_ERRORS.notAdmin();
    if (!row.enrolled) throw mfaErrors.enrollmentRequired();
    user.userId = row.id;
    user.owner = row.owner === true;
    user.permissions = row.owner
      ? [...ROLE_PERMISSIONS]
      : ROLE_PERMISSIONS.filter((permission) => row.granted.includes(permission));
    return true;
  }
}

/**
 * Refuses a write the administrator's roles do not grant (403 `forbidden`), recording the
 * refused attempt; lets a granted one through with its action noted for the audit.
 */
@Injectable()
export class AdminPermissionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const action = this.reflector.get<AdminWriteAction>(ADMIN_WRITE, context.getHandler());
    const request = context.switchToHttp().getRequest<AdminRequest>();
    const admin = request.user!;
    const permission = permissionFor(action);
    if (!admin.permissions?.includes(permission)) {
      const id = request.params?.id;
      await this.dataSource.transaction(async (manager) =>
        this.audit.record(manager, {
          adminId: admin.userId!,
          type: action,
          outcome: 'refused',
          // The route's id names a user only under /admin/users; an unknown id names nobody.
          targetUserId:
            request.url.includes('/admin/users/') &&
            id &&
            isUuid(id) &&
            (await manager.getRepository(UserEntity).existsBy({ id }))
              ? id
              : null,
          details: {
            description: `Refused: ${auditActionLabel(action)} needs ${permission}`,
            new_values: { route: `${request.method} ${request.routeOptions.url ?? request.url}` },
          },
        }),
      );
      throw AUTH_ERRORS.notPermitted();
    }
    // A deleted account keeps only its history: nothing may be done to it.
    const target = request.params?.id;
    if (
      request.url.includes('/admin/users/') &&
      target &&
      isUuid(target) &&
      (await this.dataSource.getRepository(UserEntity).existsBy({ id: target, status: 'deleted' }))
    )
      throw usersErrors.deleted();
    requestContext.set('adminWrite', { action, audited: 0 });
    return true;
  }
}

/**
 * Flags a back-office write that answered without recording an audit row: a write that changed
 * nothing (unsubscribing an address already unsubscribed) records none; anything else is a bug
 * that the write-route test catches.
 */
@Injectable()
export class AdminWriteAuditCheck implements NestInterceptor {
  private readonly logger = new Logger('AdminWrite');

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      tap(() => {
        const write = requestContext.get('adminWrite');
        if (write && write.audited === 0)
          this.logger.warn(`${write.action} answered without an audit row`);
      }),
    );
  }
}

/**
 * Declares a back-office write: the audit action it records, and through the action the
 * permission it needs (one catalogue in common/); and, for a write on a user's account, how the
 * route names that account (`account`), so the rule on administrators' accounts applies to it.
 * Every non-GET admin route must carry it, and every one under /admin/users/:id its account; the
 * app refuses to start otherwise.
 */
export function AdminWrite(action: AdminWriteAction, account?: AccountTarget): MethodDecorator {
  const permission: Permission = permissionFor(action);
  return applyDecorators(
    SetMetadata(ADMIN_WRITE, action),
    SetMetadata(ADMIN_TARGET, account),
    UseGuards(AdminPermissionGuard, AdminTargetGuard),
    UseInterceptors(AdminWriteAuditCheck, AdminRefusalAudit),
    ApiExtension('x-admin-write', { action, permission, ...(account ? { account } : {}) }),
    ApiForbiddenResponse({ description: `Needs the ${permission} permission` }),
  );
}
