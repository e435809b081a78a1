import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type Repository, type SelectQueryBuilder } from 'typeorm';
import { auditActionLabel, type AuditEntry, type AuditOutcome } from '@leadpulse/common';
import { notFound } from '../common/id-param.js';
import { requestContext, sendAccountNotice } from '../common/request-context.js';
import {
  containsPattern,
  idsFilter,
  searchFilter,
  textFilter,
  uuidFilter,
} from '../common/list-query.js';
import { AdminActionEntity, type AdminActionDetails } from './admin-action.entity.js';
import { AUDIT_ERRORS } from './audit.errors.js';

/** An audit entry as the API answers it (dates as Date; JSON turns them into strings). */
export type AuditEntryView = AuditEntry<Date>;

function toView(action: AdminActionEntity): AuditEntryView {
  const admin = action.admin;
  return {
    id: action.id,
    created_at: action.created_at,
    action_type: action.action_type,
    action_label: auditActionLabel(action.action_type),
    outcome: action.outcome,
    description: action.details.description,
    old_values: action.details.old_values ?? null,
    new_values: action.details.new_values ?? null,
    admin_id: action.admin_id,
    admin_name: admin ? `${admin.first_name} ${admin.last_name}`.trim() || admin.email : 'System',
    admin_email: admin?.email ?? null,
    target_user_id: action.target_user_id,
    target_email: action.target_user?.email ?? null,
  };
}

/** One entry of the audit trail, as a write records it. */
export interface AuditAction {
  adminId: string | null;
  type: string;
  targetUserId?: string | null;
  details: AdminActionDetails;
  outcome?: AuditOutcome;
}

function toRow(repository: Repository<AdminActionEntity>, action: AuditAction): AdminActionEntity {
  return repository.create({
    admin_id: action.adminId,
    action_type: action.type,
    target_user_id: action.targetUserId ?? null,
    details: action.details,
    outcome: action.outcome ?? 'success',
  });
}

/** A back-office write counts the entries it records (see the admin write check). */
function countAudited(entries: number): void {
  const write = requestContext.get('adminWrite');
  if (write) write.audited += entries;
}

/**
 * The audit trail. Rows are written in the caller's transaction, so a change and its record land
 * together; a back-office write counts its rows so one that records none is flagged.
 */
@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(manager: EntityManager, action: AuditAction): Promise<AdminActionEntity> {
    const repository = manager.getRepository(AdminActionEntity);
    countAudited(1);
    const row = await repository.save(toRow(repository, action));
    if (row.outcome === 'success') await sendAccountNotice(manager, row.target_user_id);
    return row;
  }

  /** Several entries in one statement (a sweep's), in the caller's transaction. */
  async recordMany(manager: EntityManager, actions: AuditAction[]): Promise<void> {
    if (actions.length === 0) return;
    const repository = manager.getRepository(AdminActionEntity);
    countAudited(actions.length);
    await repository.save(actions.map((action) => toRow(repository, action)));
  }

  /**
   * The Audit Log's filter: by id, administrator (or 'system'), target user, action, outcome, and
   * `q`, which searches the description, the action and both e-mail addresses.
   */
  filtered(filter: Record<string, unknown>): SelectQueryBuilder<AdminActionEntity> {
    const builder = this.dataSource
      .getRepository(AdminActionEntity)
      .createQueryBuilder('a')
      .leftJoinAndSelect('a.admin', 'admin')
      .leftJoinAndSelect('a.target_user', 'target');
    const ids = idsFilter(filter.id);
    if (ids) builder.andWhere('a.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    const q = searchFilter(filter);
    if (q)
      builder.andWhere(
        `(a.details->>'description' ILIKE :q OR a.action_type ILIKE :q
          OR admin.email::text ILIKE :q OR target.email::text ILIKE :q)`,
        { q: containsPattern(q) },
      );
    if (filter.admin_id === 'system') builder.andWhere('a.admin_id IS NULL');
    else {
      const adminId = uuidFilter(filter, 'admin_id');
      if (adminId) builder.andWhere('a.admin_id = :adminId', { adminId });
    }
    const target = uuidFilter(filter, 'target_user_id');
    if (target) builder.andWhere('a.target_user_id = :target', { target });
    const type = textFilter(filter, 'action_type');
    if (type !== undefined) builder.andWhere('a.action_type = :type', { type });
    const outcome = textFilter(filter, 'outcome');
    if (outcome !== undefined) builder.andWhere('a.outcome = :outcome', { outcome });
    return builder;
  }

  view(actions: AdminActionEntity[]): AuditEntryView[] {
    return actions.map(toView);
  }

  async get(id: string): Promise<AuditEntryView> {
    const action = await this.dataSource
      .getRepository(AdminActionEntity)
      .findOne({ where: { id }, relations: { admin: true, target_user: true } });
    if (!action) throw notFound(AUDIT_ERRORS.notFound);
    return toView(action);
  }
}
