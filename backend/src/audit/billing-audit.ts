import type { EntityManager } from 'typeorm';
import { AdminActionEntity } from './admin-action.entity.js';
import { BillingChangeEntity } from './billing-change.entity.js';

/**
 * Records a change to a customer's billing (answering the row's id): a `billing_changes` row (the log_billing_change
 * fields) when the customer has a users row, otherwise an `admin_actions` row.
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
  if (change.userId) {
    const changes = manager.getRepository(BillingChangeEntity);
    const saved = await changes.save(
      changes.create({
        user_id: change.userId,
        admin_id: change.adminId,
        change_type: change.type,
        reason: change.reason,
        old_values: change.oldValues,
        new_values: change.newValues,
      }),
    );
    return saved.id;
  }
  const actions = manager.getRepository(AdminActionEntity);
  const saved = await actions.save(
    actions.create({
      admin_id: change.adminId,
      action_type: change.type,
      target_user_id: null,
      details: {
        description: change.reason,
        old_values: change.oldValues,
        new_values: change.newValues,
      },
    }),
  );
  return saved.id;
}
