import {
  Injectable,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { catchError, from, type Observable } from 'rxjs';
import { DataSource, type EntityManager } from 'typeorm';
import {
  FORBIDDEN_MESSAGE,
  ROLE_PERMISSIONS,
  auditActionLabel,
  type AdminWriteAction,
  type Permission,
} from '@leadpulse/common';
import { AuditService } from '../audit/audit.service.js';
import { AppException } from '../common/app.exception.js';
import { normaliseEmail } from '../common/email.js';
import { isUuid } from '../common/ids.js';
import { requestContext } from '../common/request-context.js';
import { MailService } from '../mail/mail.service.js';
import type { AuthenticatedUser } from './auth-user.js';

/**
 * How a back-office write names the account it acts on: `user`, the `:id` of the route;
 * `subscription`, the user whose subscription is the `:id`; `email`, the user an outbox e-mail
 * (the `:id`) was sent to; `recipient`, the user whose address is the body's `email`.
 */
export type AccountTarget = 'user' | 'subscription' | 'email' | 'recipient';

/** The metadata keys of `@AdminWrite`: its action, and the account it acts on. */
export const ADMIN_WRITE = 'admin:write';
export const ADMIN_TARGET = 'admin:target';

/** What an administrator's roles grant: the Owner role, and the permissions. */
export interface AdminPowers {
  owner: boolean;
  permissions: readonly Permission[];
}

type AdminRequest = FastifyRequest & { user?: AuthenticatedUser; params?: Record<string, string> };

/** The powers of the signed-in administrator, as AdminGuard loaded them. */
export function powersOfActor(admin: AuthenticatedUser): AdminPowers {
  return { owner: admin.owner === true, permissions: admin.permissions ?? [] };
}

/** The powers a set of roles grants: every permission with the Owner role. */
export function powersOfRoles(
  roles: { is_owner: boolean; permissions: Record<string, unknown> }[],
): AdminPowers {
  const owner = roles.some((role) => role.is_owner);
  return {
    owner,
    permissions: ROLE_PERMISSIONS.filter(
      (permission) => owner || roles.some((role) => role.permissions?.[permission] === true),
    ),
  };
}

/** The powers a user's roles grant (whether or not they are an administrator today). */
export async function powersOfUser(manager: EntityManager, userId: string): Promise<AdminPowers> {
  const roles = (await manager.query(
    `SELECT r.is_owner, r.permissions FROM admin_roles ar JOIN roles r ON r.id = ar.role_id
      WHERE ar.user_id = $1`,
    [userId],
  )) as { is_owner: boolean; permissions: Record<string, unknown> }[];
  return powersOfRoles(roles);
}

/**
 * Why `actor` may not act on an account (or a role) with `target`'s powers, or null when they
 * may: only an Owner acts on an Owner, and anyone else must hold every permission the target
 * holds, so no administrator reaches, through another account, a power they lack.
 */
export function whyNotActOn(actor: AdminPowers, target: AdminPowers): string | null {
  if (actor.owner) return null;
  if (target.owner) return 'only an Owner may act on an Owner';
  const lacking = target.permissions.filter(
    (permission) => !actor.permissions.includes(permission),
  );
  return lacking.length
    ? `it needs ${lacking.join(', ')}, which the acting administrator lacks`
    : null;
}

/**
 * A back-office write refused because of whom or what it acts on: 403 `forbidden`, as a missing
 * permission is, recorded as refused by the write's interceptor.
 */
export class AdminRefusal extends AppException {
  constructor(
    readonly reason: string,
    readonly targetUserId: string | null = null,
  ) {
    super('forbidden', 403, FORBIDDEN_MESSAGE);
  }
}

/** Records a refused back-office write in a transaction of its own (the refused one rolled back). */
async function recordRefusal(
  dataSource: DataSource,
  audit: AuditService,
  request: AdminRequest,
  action: AdminWriteAction,
  refusal: AdminRefusal,
): Promise<void> {
  await dataSource.transaction((manager) =>
    audit.record(manager, {
      adminId: request.user!.userId!,
      type: action,
      outcome: 'refused',
      targetUserId: refusal.targetUserId,
      details: {
        description: `Refused: ${auditActionLabel(action)}: ${refusal.reason}`,
        new_values: { route: `${request.method} ${request.routeOptions.url ?? request.url}` },
      },
    }),
  );
}

interface TargetAccount {
  id: string;
  email: string;
  first_name: string;
  is_admin: boolean;
}

const TARGET_COLUMNS = 'u.id, u.email, u.first_name, u.is_admin';

/**
 * Enforces, for every write that acts on a user's account, the rule on administrators' accounts
 * (DESIGN.md, Acting on administrators): on an administrator's account, or one the write would
 * make an administrator's, the caller must be allowed by `whyNotActOn`; otherwise 403, recorded.
 * An allowed write on another administrator's account e-mails its holder a notice, with the
 * write's audit row (in the same transaction).
 */
@Injectable()
export class AdminTargetGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly moduleRef: ModuleRef,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const kind = this.reflector.get<AccountTarget | undefined>(ADMIN_TARGET, context.getHandler());
    if (!kind) return true;
    const request = context.switchToHttp().getRequest<AdminRequest>();
    const target = await this.targetOf(kind, request);
    // No such account: the route answers its own 404 (or acts on no account at all).
    if (!target) return true;
    const body = request.body as Record<string, unknown> | null | undefined;
    const becomesAdmin = kind === 'user' && body?.is_admin === true;
    if (!target.is_admin && !becomesAdmin) return true;
    const admin = request.user!;
    const action = this.reflector.get<AdminWriteAction>(ADMIN_WRITE, context.getHandler());
    const why = whyNotActOn(
      powersOfActor(admin),
      await powersOfUser(this.dataSource.manager, target.id),
    );
    if (why) {
      const refusal = new AdminRefusal(`on an administrator's account, ${why}`, target.id);
      await recordRefusal(this.dataSource, this.audit, request, action, refusal);
      throw refusal;
    }
    if (target.id !== admin.userId) this.noticeOnAudit(target, admin, action);
    return true;
  }

  private async targetOf(
    kind: AccountTarget,
    request: AdminRequest,
  ): Promise<TargetAccount | undefined> {
    const id = request.params?.id;
    const query = async (sql: string, value: string) =>
      ((await this.dataSource.query(sql, [value])) as TargetAccount[])[0];
    if (kind === 'recipient') {
      const email = (request.body as Record<string, unknown> | null | undefined)?.email;
      return typeof email === 'string'
        ? query(`SELECT ${TARGET_COLUMNS} FROM users u WHERE u.email = $1`, normaliseEmail(email))
        : undefined;
    }
    if (!id || !isUuid(id)) return undefined;
    if (kind === 'user') return query(`SELECT ${TARGET_COLUMNS} FROM users u WHERE u.id = $1`, id);
    if (kind === 'subscription')
      return query(
        `SELECT ${TARGET_COLUMNS} FROM subscriptions s JOIN users u ON u.id = s.user_id
          WHERE s.id = $1`,
        id,
      );
    // The user the e-mail is about, else the holder of the address it goes to.
    return query(
      `SELECT ${TARGET_COLUMNS} FROM emails e
         JOIN users u ON u.id = e.user_id OR (e.user_id IS NULL AND u.email = lower(e.to_email))
        WHERE e.id = $1`,
      id,
    );
  }

  /** The holder's notice, sent with the audit row of the write about them. */
  private noticeOnAudit(
    target: TargetAccount,
    admin: AuthenticatedUser,
    action: AdminWriteAction,
  ): void {
    const write = requestContext.get('adminWrite');
    if (!write) return;
    write.notice = {
      userId: target.id,
      send: async (manager) => {
        const [actor] = (await manager.query(
          `SELECT first_name, last_name, email FROM users WHERE id = $1`,
          [admin.userId],
        )) as { first_name: string; last_name: string; email: string }[];
        await this.moduleRef.get(MailService, { strict: false }).enqueue(manager, {
          to: target.email,
          template: 'admin-account-notice',
          data: {
            firstName: target.first_name,
            action: auditActionLabel(action),
            adminName: `${actor.first_name} ${actor.last_name}`.trim() || actor.email,
          },
          userId: target.id,
        });
      },
    };
  }
}

/**
 * Records, as refused, a write its service refused for whom or what it acts on (an
 * `AdminRefusal` thrown inside the write's transaction, such as granting a role).
 */
@Injectable()
export class AdminRefusalAudit implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) =>
        from(
          (async () => {
            if (error instanceof AdminRefusal)
              await recordRefusal(
                this.dataSource,
                this.audit,
                context.switchToHttp().getRequest<AdminRequest>(),
                this.reflector.get<AdminWriteAction>(ADMIN_WRITE, context.getHandler()),
                error,
              );
            throw error;
          })(),
        ),
      ),
    );
  }
}
