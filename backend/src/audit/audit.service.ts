import { requestContext } from '@fastify/request-context';
import { Injectable } from '@nestjs/common';
import type { AuditOutcome } from '@leadpulse/common';
import type { EntityManager } from 'typeorm';
import { AdminActionEntity, type AdminActionDetails } from './admin-action.entity.js';

/** Writes audit rows in the caller's transaction, so a change and its record land together. */
@Injectable()
export class AuditService {
  async record(
    manager: EntityManager,
    action: {
      adminId: string | null;
      type: string;
      targetUserId?: string | null;
      details: AdminActionDetails;
      outcome?: AuditOutcome;
    },
  ): Promise<AdminActionEntity> {
    const repository = manager.getRepository(AdminActionEntity);
    const write = requestContext.get('adminWrite');
    if (write) write.audited += 1;
    return repository.save(
      repository.create({
        admin_id: action.adminId,
        action_type: action.type,
        target_user_id: action.targetUserId ?? null,
        details: action.details,
        outcome: action.outcome ?? 'success',
      }),
    );
  }
}
