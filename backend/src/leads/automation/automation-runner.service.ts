import { randomUUID } from 'node:crypto';
import { HttpException, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  AutomationAction,
  AutomationActionResult,
  AutomationRun,
  AutomationRunOutcome,
  AutomationWebhookPayload,
  UsageLimits,
} from '@leadpulse/common';
import { AppException } from '../../common/app.exception.js';
import { JobsService } from '../../jobs/jobs.service.js';
import { MailService } from '../../mail/mail.service.js';
import { LeadSignalEntity } from '../leads/lead-signal.entity.js';
import { LeadEntity } from '../leads/lead.entity.js';
import { LeadScoreEntity } from '../scoring/lead-score.entity.js';
import { toLead, toSignal } from '../leads/lead.mapper.js';
import { moveCard } from '../pipeline/pipeline-order.js';
import { PlanGateService } from '../usage/plan-gate.service.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import {
  AUTOMATION_EVENTS_QUEUE,
  overdueEventsSql,
  type AutomationEvent,
} from './automation-events.js';
import type { RuleRow } from './automation.mapper.js';
import { conditionsMatch, triggerMatches } from './rule-matching.js';
import { AUTOMATION_WEBHOOKS_QUEUE } from './webhook-delivery.service.js';

export const AUTOMATION_OVERDUE_QUEUE = 'automation-overdue-sweep';
const DAY_MS = 24 * 60 * 60 * 1000;

const EVENT_TRIGGERS: Record<AutomationEvent['type'], string[]> = {
  signal: ['new_signal', 'job_change'],
  score: ['score_crossed'],
  stage: ['stage_changed'],
  task_overdue: ['task_overdue'],
};

/** What an event is known by: a replayed job, or the same signal queued twice, runs nothing again. */
function eventKey(event: AutomationEvent, jobId: string): string {
  if (event.type === 'signal') return `signal:${event.signal_id}`;
  if (event.type === 'task_overdue') return `task:${event.task_id}`;
  return `job:${jobId}`;
}

function triggerOf(event: AutomationEvent, kind: string): AutomationRun['trigger'] {
  const trigger = { kind } as AutomationRun['trigger'];
  if (event.type === 'signal') trigger.signal_kind = event.signal_kind;
  if (event.type === 'score') trigger.score = event.to;
  if (event.type === 'stage') trigger.stage = event.stage;
  return trigger;
}

function outcomeOf(results: AutomationActionResult[]): AutomationRunOutcome {
  const failed = results.filter((result) => result.status === 'failed').length;
  return failed === 0 ? 'done' : failed === results.length ? 'failed' : 'partial';
}

/**
 * Runs the workspace's rules on each automation event, in a job. A run is recorded with its
 * actions in one transaction, at most once per rule and lead a day and once per event; a rule's
 * own actions write no event, so they start no rule.
 */
@Injectable()
export class AutomationRunnerService implements OnModuleInit {
  private readonly logger = new Logger(AutomationRunnerService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly gate: PlanGateService,
    private readonly mail: MailService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.createQueue(AUTOMATION_EVENTS_QUEUE, {
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
    });
    await this.jobs.work<AutomationEvent>(AUTOMATION_EVENTS_QUEUE, (job) =>
      this.handle(job.data, job.id),
    );
    await this.jobs.createQueue(AUTOMATION_OVERDUE_QUEUE, { retryLimit: 1 });
    await this.jobs.schedule(AUTOMATION_OVERDUE_QUEUE, '*/10 * * * *');
    await this.jobs.work(AUTOMATION_OVERDUE_QUEUE, () => this.sweepOverdue());
  }

  async sweepOverdue(): Promise<void> {
    await this.dataSource.query(overdueEventsSql());
  }

  async handle(event: AutomationEvent, jobId: string): Promise<void> {
    const rules = (await this.dataSource.query(
      `SELECT * FROM automation_rules
        WHERE workspace_id = $1 AND enabled AND trigger_kind = ANY($2::varchar[])
        ORDER BY created_at, id`,
      [event.workspace_id, EVENT_TRIGGERS[event.type]],
    )) as RuleRow[];
    let webhooks = false;
    for (const rule of rules.filter((rule) => triggerMatches(rule.trigger, event)))
      webhooks = (await this.run(rule, event, jobId)) || webhooks;
    if (webhooks) this.jobs.wake(AUTOMATION_WEBHOOKS_QUEUE);
  }

  /** One rule on the event's lead; answers whether it queued a webhook. */
  private async run(rule: RuleRow, event: AutomationEvent, jobId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [owner] = (await manager.query(
        `SELECT w.owner_user_id, u.email, u.first_name FROM workspaces w JOIN users u ON u.id = w.owner_user_id
          WHERE w.id = $1`,
        [rule.workspace_id],
      )) as { owner_user_id: string; email: string; first_name: string | null }[];
      if (!owner) return false;
      const workspace: WorkspaceContext = {
        id: rule.workspace_id,
        userId: owner.owner_user_id,
        ownerId: owner.owner_user_id,
        role: 'owner',
        exists: true,
      };
      let limits: UsageLimits | AppException;
      try {
        limits = await this.gate.lockForWrite(manager, workspace);
      } catch (error) {
        if (!(error instanceof AppException)) throw error;
        limits = error;
      }
      const lead = await manager.findOne(LeadEntity, {
        where: { id: event.lead_id, workspace_id: rule.workspace_id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!lead) return false;
      // Its score as it stands, from `lead_scores` (the lock is on the lead's own row).
      const score = (await manager.findOneBy(LeadScoreEntity, { lead_id: lead.id }))?.score ?? 0;
      if (!conditionsMatch(rule.conditions, { ...lead, score })) return false;
      const [run] = (await manager.query(
        `INSERT INTO automation_runs (workspace_id, rule_id, lead_id, run_day, event_key, "trigger")
         VALUES ($1, $2, $3, (now() AT TIME ZONE 'UTC')::date, $4, $5)
         ON CONFLICT DO NOTHING RETURNING id`,
        [
          rule.workspace_id,
          rule.id,
          lead.id,
          eventKey(event, jobId),
          JSON.stringify(triggerOf(event, rule.trigger.kind)),
        ],
      )) as { id: string }[];
      // This rule ran on this lead today, or on this very event: nothing more.
      if (!run) return false;
      const results: AutomationActionResult[] = [];
      const webhooks: { id: string; url: string }[] = [];
      for (const action of rule.actions) {
        if (limits instanceof AppException) {
          results.push({ type: action.type, status: 'skipped', detail: limits.message });
          continue;
        }
        try {
          results.push(
            await this.act(
              manager,
              { rule, lead, score, workspace, limits, owner, event },
              action,
              webhooks,
            ),
          );
        } catch (error) {
          // A plan limit refuses this action only; anything else fails the job, to be retried.
          if (!(error instanceof HttpException)) throw error;
          results.push({ type: action.type, status: 'failed', detail: (error as Error).message });
        }
      }
      if (webhooks.length > 0) await this.queueWebhooks(manager, rule, run.id, event, webhooks);
      await manager.query(`UPDATE automation_runs SET actions = $2, outcome = $3 WHERE id = $1`, [
        run.id,
        JSON.stringify(results),
        outcomeOf(results),
      ]);
      return webhooks.length > 0;
    });
  }

  private async act(
    manager: EntityManager,
    context: {
      rule: RuleRow;
      lead: LeadEntity;
      score: number;
      workspace: WorkspaceContext;
      limits: UsageLimits;
      owner: { email: string; first_name: string | null };
      event: AutomationEvent;
    },
    action: AutomationAction,
    webhooks: { id: string; url: string }[],
  ): Promise<AutomationActionResult> {
    const { rule, lead, workspace, limits } = context;
    switch (action.type) {
      case 'create_task': {
        const due = new Date(Date.now() + action.due_in_days * DAY_MS);
        await manager.query(
          `INSERT INTO lead_tasks (workspace_id, lead_id, title, due_at, automation_rule_id)
           VALUES ($1, $2, $3, $4, $5)`,
          [workspace.id, lead.id, action.title, due, rule.id],
        );
        return {
          type: action.type,
          status: 'done',
          detail: `Task “${action.title}” due ${due.toISOString().slice(0, 10)}`,
        };
      }
      case 'move_stage': {
        if (lead.stage === action.stage)
          return { type: action.type, status: 'skipped', detail: `Already in ${action.stage}` };
        if (lead.stage === null)
          await this.gate.assertRoom(manager, workspace, limits, 'profiles_tracked');
        // Moved here, not through the leads' API: a rule's own move queues no stage event.
        await moveCard(manager, workspace.id, lead, { stage: action.stage });
        lead.stage = action.stage;
        return { type: action.type, status: 'done', detail: `Moved to ${action.stage}` };
      }
      case 'monitor': {
        if (lead.monitored)
          return { type: action.type, status: 'skipped', detail: 'Already monitored' };
        await this.gate.assertRoom(manager, workspace, limits, 'profiles_monitored');
        await manager.query(
          `UPDATE leads SET monitored = true, updated_at = now() WHERE id = $1 AND workspace_id = $2`,
          [lead.id, workspace.id],
        );
        lead.monitored = true;
        return { type: action.type, status: 'done', detail: 'Monitoring started' };
      }
      case 'email': {
        if (action.when === 'digest')
          return { type: action.type, status: 'queued', detail: 'In the next daily digest' };
        const reason =
          context.event.type === 'signal'
            ? context.event.signal_kind.replace(/_/g, ' ')
            : rule.trigger.kind.replace(/_/g, ' ');
        await this.mail.enqueue(manager, {
          to: context.owner.email,
          template: 'automation-rule-matched',
          userId: workspace.ownerId,
          data: {
            ...(context.owner.first_name ? { firstName: context.owner.first_name } : {}),
            ruleName: rule.name,
            leadName: `${lead.first_name} ${lead.last_name}`.trim() || 'A lead',
            reason,
            score: context.score,
            link: `/dashboard/leads/${lead.id}`,
          },
        });
        return { type: action.type, status: 'done', detail: `E-mailed ${context.owner.email}` };
      }
      case 'webhook': {
        webhooks.push({ id: randomUUID(), url: action.url });
        return {
          type: action.type,
          status: 'queued',
          detail: `Calling ${new URL(action.url).host}`,
        };
      }
    }
  }

  /** Each webhook's body fixed now (the lead after the run's actions), and its delivery job. */
  private async queueWebhooks(
    manager: EntityManager,
    rule: RuleRow,
    runId: string,
    event: AutomationEvent,
    webhooks: { id: string; url: string }[],
  ): Promise<void> {
    const lead = await manager.findOneByOrFail(LeadEntity, {
      id: event.lead_id,
      workspace_id: rule.workspace_id,
    });
    const signal =
      event.type === 'signal'
        ? await manager.findOneBy(LeadSignalEntity, {
            id: event.signal_id,
            workspace_id: rule.workspace_id,
          })
        : null;
    for (const webhook of webhooks) {
      const payload: AutomationWebhookPayload = {
        id: webhook.id,
        type: 'rule.matched',
        created: Math.floor(Date.now() / 1000),
        rule: { id: rule.id, name: rule.name },
        lead: JSON.parse(JSON.stringify(toLead(lead))),
        ...(signal ? { signal: JSON.parse(JSON.stringify(toSignal(signal))) } : {}),
      };
      await manager.query(
        `INSERT INTO automation_webhook_deliveries (id, workspace_id, run_id, rule_id, url, body)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [webhook.id, rule.workspace_id, runId, rule.id, webhook.url, JSON.stringify(payload)],
      );
      await this.jobs.send(AUTOMATION_WEBHOOKS_QUEUE, { delivery_id: webhook.id }, { manager });
    }
    this.logger.log(`Rule ${rule.id} queued ${webhooks.length} webhook(s) for run ${runId}`);
  }
}
