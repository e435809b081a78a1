import type { EntityManager } from 'typeorm';
import { requestContext, sendAccountNotice } from '../common/request-context.js';
import { AdminActionEntity } from './admin-action.entity.js';

/**
 * Records a change to a customer's billing in the audit trail, answering the row's id (refunds
 * and plan changes build their Stripe idempotency keys from it).
 */
export async function recordBillingChange(
  manager: EntityManager,
  change: {
    userId: string | null;
    adminId: string | null;
    type: string;
    reason: string;
    oldValues: Record<string, unknown> | null;
    newValues: Record<string, unknown> | null;
  },
): Promise<string> {
  const actions = manager.getRepository(AdminActionEntity);
  const write = requestContext.get('adminWrite');
  if (write) write.audited += 1;
  const saved = await actions.save(
    actions.create({
      admin_id: change.adminId,
      action_type: change.type,
      target_user_id: change.userId,
      details: {
        description: change.reason,
        old_values: change.oldValues,
        new_values: change.newValues,
      },
    }),
  );
  await sendAccountNotice(manager, change.userId);
  return saved.id;
}
