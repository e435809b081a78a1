import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { usageLimitsFor, type Usage, type UsageLimits } from '@leadpulse/common';
import { toPaymentIssue, type OpenInvoicesRow } from '../../billing/dunning/payment-issue.js';
import { LEADS_ERRORS } from '../leads.errors.js';
import { WorkspacesService, type WorkspaceContext } from '../workspaces/workspaces.service.js';

/** The owner's plan as the limits read it. */
interface OwnerPlanRow {
  founding_member: boolean;
  founding_member_transitioned_at: Date | null;
  subscription_plan: string | null;
  subscription_status: string | null;
  complimentary_plan: string | null;
  stripe_subscription_id: string | null;
}

const OWNER_PLAN = `u.founding_member, u.founding_member_transitioned_at, u.subscription_plan,
  u.subscription_status, u.complimentary_plan, u.stripe_subscription_id`;
const OWING = ['past_due', 'unpaid'];

export type CountedLimit = 'profiles_tracked' | 'profiles_monitored';
const COUNTED: Record<CountedLimit, string> = {
  profiles_tracked: 'stage IS NOT NULL',
  profiles_monitored: 'monitored',
};

/** The first day of next month (UTC): when the month's AI credits reset. */
export function creditsResetAt(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/**
 * The plan's hold on a workspace's writes: a suspended plan makes it read-only, and the tracked
 * and monitored counts stay within the limits. The workspace row is locked for the rest of the
 * write's transaction, so concurrent writes are counted one after another.
 */
@Injectable()
export class PlanGateService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly workspaces: WorkspacesService,
  ) {}

  /** Locks the workspace for this transaction's write; 403 `plan_suspended` when read-only. */
  async lockForWrite(manager: EntityManager, workspace: WorkspaceContext): Promise<UsageLimits> {
    await this.workspaces.ensure(manager, workspace);
    const [owner] = (await manager.query(
      `SELECT ${OWNER_PLAN} FROM workspaces w JOIN users u ON u.id = w.owner_user_id
        WHERE w.id = $1 FOR UPDATE OF w`,
      [workspace.id],
    )) as OwnerPlanRow[];
    if (!owner) throw LEADS_ERRORS.leadNotFound();
    if (await this.suspended(manager, owner)) throw LEADS_ERRORS.planSuspended();
    return usageLimitsFor(owner);
  }

  /** 403 `plan_limit_reached` when `adding` more would pass the limit. */
  async assertRoom(
    manager: EntityManager,
    workspace: WorkspaceContext,
    limits: UsageLimits,
    limit: CountedLimit,
    adding = 1,
  ): Promise<void> {
    const allowed = limits[limit];
    if (allowed === null || adding <= 0) return;
    const used = await this.count(manager, workspace.id, limit);
    if (used + adding > allowed) throw LEADS_ERRORS.planLimitReached({ limit, used, allowed });
  }

  /** `GET /api/me/usage`. AI credits are spent by comment drafts, which come later: none yet. */
  async usage(workspace: WorkspaceContext): Promise<Usage<Date>> {
    const [owner] = (await this.dataSource.query(
      `SELECT ${OWNER_PLAN} FROM users u WHERE u.id = $1`,
      [workspace.ownerId],
    )) as OwnerPlanRow[];
    const limits = usageLimitsFor(owner);
    const manager = this.dataSource.manager;
    return {
      profiles_tracked: {
        used: await this.count(manager, workspace.id, 'profiles_tracked'),
        allowed: limits.profiles_tracked,
      },
      profiles_monitored: {
        used: await this.count(manager, workspace.id, 'profiles_monitored'),
        allowed: limits.profiles_monitored,
      },
      ai_credits: { used: 0, allowed: limits.ai_credits, resets_at: creditsResetAt() },
    };
  }

  private async count(
    manager: EntityManager,
    workspaceId: string,
    limit: CountedLimit,
  ): Promise<number> {
    const [{ count }] = (await manager.query(
      `SELECT count(*)::int AS count FROM leads WHERE workspace_id = $1 AND ${COUNTED[limit]}`,
      [workspaceId],
    )) as { count: number }[];
    return count;
  }

  /** The owner's paid plan is suspended for non-payment (its grace period is over). */
  private async suspended(manager: EntityManager, owner: OwnerPlanRow): Promise<boolean> {
    if (!owner.stripe_subscription_id || !OWING.includes(owner.subscription_status ?? ''))
      return false;
    const [row] = (await manager.query(
      `SELECT count(*)::int AS invoices, min(first_failed_at) AS since, min(grace_ends_at) AS grace_ends_at,
              sum(amount_cents) AS amount_cents, min(next_payment_attempt) AS next_attempt_at,
              bool_or(blocked_at IS NOT NULL) AS seen_blocked,
              bool_and(stripe_test_clock IS NULL) AS real_time
         FROM dunning_invoices WHERE stripe_subscription_id = $1 AND status = 'open'`,
      [owner.stripe_subscription_id],
    )) as (OpenInvoicesRow & { invoices: number })[];
    return !!row && row.invoices > 0 && toPaymentIssue(row, new Date()).blocked;
  }
}
