import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AUTOMATION_LIMITS,
  AUTOMATION_PREVIEW_LIMIT,
  type AutomationConditions,
  type AutomationPreview,
  type AutomationRule,
  type AutomationRuleCreated,
  type AutomationRun,
  type AutomationTrigger,
  type Paged,
} from '@leadpulse/common';
import { AppConfig } from '../../config/app-config.js';
import { LEADS_ERRORS } from '../leads.errors.js';
import { pageOf } from '../leads/leads-list.js';
import { PlanGateService } from '../usage/plan-gate.service.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { toRule, toRun, type DeliveryRow, type RuleRow, type RunRow } from './automation.mapper.js';
import {
  parseActions,
  parseConditions,
  parseName,
  parseTrigger,
  RuleProblem,
} from './rule-matching.js';
import { refusedUrl } from './webhook-address.js';
import { newWebhookSecret } from './webhook-signature.js';

const ruleNotFound = LEADS_ERRORS.automationRuleNotFound;

const RULE_COLUMNS = `r.*,
  (SELECT count(*)::int FROM automation_runs a WHERE a.rule_id = r.id) AS runs_count,
  (SELECT max(a.created_at) FROM automation_runs a WHERE a.rule_id = r.id) AS last_run_at`;

/** Signals the preview counts as "new": those of the last 30 days. */
const RECENT = `now() - interval '30 days'`;

/** The rules of the caller's workspace: list, create, edit, delete, preview, and their runs. */
@Injectable()
export class AutomationRulesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly gate: PlanGateService,
    private readonly config: AppConfig,
  ) {}

  async list(
    workspace: WorkspaceContext,
    query: { page?: number; pageSize?: number },
  ): Promise<Paged<AutomationRule<Date>>> {
    const { page, pageSize } = pageOf(query);
    const rows = (await this.dataSource.query(
      `SELECT ${RULE_COLUMNS}, count(*) OVER ()::int AS total FROM automation_rules r
        WHERE r.workspace_id = $1 ORDER BY r.created_at, r.id LIMIT $2 OFFSET $3`,
      [workspace.id, pageSize, (page - 1) * pageSize],
    )) as (RuleRow & { total: number })[];
    const count = rows[0]?.total ?? (await this.count(this.dataSource.manager, workspace.id));
    return {
      data: rows.map(toRule),
      count,
      page,
      pageSize,
      totalPages: Math.ceil(count / pageSize),
    };
  }

  async create(workspace: WorkspaceContext, body: unknown): Promise<AutomationRuleCreated<Date>> {
    const input = (body ?? {}) as Record<string, unknown>;
    const rule = this.parse(input, true);
    return this.dataSource.transaction(async (manager) => {
      await this.gate.lockForWrite(manager, workspace);
      if ((await this.count(manager, workspace.id)) >= AUTOMATION_LIMITS.rules)
        throw LEADS_ERRORS.automationRuleLimit();
      const [row] = (await manager.query(
        `INSERT INTO automation_rules (workspace_id, name, enabled, trigger_kind, "trigger", conditions, actions, webhook_secret)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
        [
          workspace.id,
          rule.name,
          rule.enabled ?? true,
          rule.trigger!.kind,
          JSON.stringify(rule.trigger),
          JSON.stringify(rule.conditions ?? {}),
          JSON.stringify(rule.actions),
          newWebhookSecret(),
        ],
      )) as RuleRow[];
      return { ...toRule(row), webhook_secret: row.webhook_secret };
    });
  }

  async update(
    workspace: WorkspaceContext,
    id: string,
    body: unknown,
  ): Promise<AutomationRule<Date>> {
    const changes = this.parse((body ?? {}) as Record<string, unknown>, false);
    return this.dataSource.transaction(async (manager) => {
      await this.gate.lockForWrite(manager, workspace);
      const [row] = (await manager.query(
        `UPDATE automation_rules
            SET name = COALESCE($3, name), enabled = COALESCE($4, enabled),
                trigger_kind = COALESCE($5, trigger_kind), "trigger" = COALESCE($6::jsonb, "trigger"),
                conditions = COALESCE($7::jsonb, conditions), actions = COALESCE($8::jsonb, actions),
                updated_at = now()
          WHERE id = $1 AND workspace_id = $2 RETURNING id`,
        [
          id,
          workspace.id,
          changes.name ?? null,
          changes.enabled ?? null,
          changes.trigger?.kind ?? null,
          changes.trigger ? JSON.stringify(changes.trigger) : null,
          changes.conditions ? JSON.stringify(changes.conditions) : null,
          changes.actions ? JSON.stringify(changes.actions) : null,
        ],
      )) as { id: string }[];
      if (!row) throw ruleNotFound();
      return this.findOne(manager, workspace, id);
    });
  }

  async remove(workspace: WorkspaceContext, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.gate.lockForWrite(manager, workspace);
      const [, affected] = (await manager.query(
        `DELETE FROM automation_rules WHERE id = $1 AND workspace_id = $2`,
        [id, workspace.id],
      )) as [unknown, number];
      if (!affected) throw ruleNotFound();
    });
  }

  /** The current leads the rule would act on: those its trigger concerns that meet its conditions. */
  async preview(workspace: WorkspaceContext, body: unknown): Promise<AutomationPreview> {
    const input = (body ?? {}) as Record<string, unknown>;
    const { trigger, conditions } = this.parseOrThrow(() => ({
      trigger: parseTrigger(input.trigger),
      conditions: parseConditions(input.conditions),
    }));
    const values: unknown[] = [workspace.id];
    const where = [...triggerWhere(trigger, values), ...conditionsWhere(conditions, values)];
    const rows = (await this.dataSource.query(
      `SELECT l.id, l.first_name, l.last_name, l.company, l.position, ls.score, l.stage, l.monitored,
              count(*) OVER ()::int AS total
         FROM leads l JOIN lead_scores ls ON ls.lead_id = l.id
        WHERE l.workspace_id = $1 ${where.map((w) => `AND ${w}`).join(' ')}
        ORDER BY ls.score DESC, l.id LIMIT ${AUTOMATION_PREVIEW_LIMIT}`,
      values,
    )) as (AutomationPreview['leads'][number] & { total: number })[];
    return {
      count: rows[0]?.total ?? 0,
      leads: rows.map(({ total: _total, ...lead }) => lead),
    };
  }

  /** Runs of the workspace, newest first; of one rule when `ruleId` is given (404 when not its). */
  async runs(
    workspace: WorkspaceContext,
    ruleId: string | null,
    query: { page?: number; pageSize?: number },
  ): Promise<Paged<AutomationRun<Date>>> {
    const manager = this.dataSource.manager;
    if (ruleId) await this.findOne(manager, workspace, ruleId);
    const { page, pageSize } = pageOf(query);
    const rows = (await manager.query(
      `SELECT a.id, a.rule_id, r.name AS rule_name, a.lead_id, l.first_name, l.last_name, l.company,
              a."trigger", a.actions, a.outcome, a.created_at, count(*) OVER ()::int AS total
         FROM automation_runs a
         JOIN automation_rules r ON r.id = a.rule_id AND r.workspace_id = a.workspace_id
         JOIN leads l ON l.id = a.lead_id AND l.workspace_id = a.workspace_id
        WHERE a.workspace_id = $1 AND ($2::uuid IS NULL OR a.rule_id = $2)
        ORDER BY a.created_at DESC, a.id LIMIT $3 OFFSET $4`,
      [workspace.id, ruleId, pageSize, (page - 1) * pageSize],
    )) as (RunRow & { total: number })[];
    const deliveries = (await manager.query(
      `SELECT id, run_id, url, status, attempts, response_status, response_body, error,
              last_attempt_at, delivered_at
         FROM automation_webhook_deliveries
        WHERE workspace_id = $1 AND run_id = ANY($2::uuid[]) ORDER BY created_at`,
      [workspace.id, rows.map((row) => row.id)],
    )) as DeliveryRow[];
    const count = rows[0]?.total ?? 0;
    return {
      data: rows.map((row) => toRun(row, deliveries)),
      count,
      page,
      pageSize,
      totalPages: Math.ceil(count / pageSize),
    };
  }

  private async findOne(
    manager: EntityManager,
    workspace: WorkspaceContext,
    id: string,
  ): Promise<AutomationRule<Date>> {
    const [row] = (await manager.query(
      `SELECT ${RULE_COLUMNS} FROM automation_rules r WHERE r.id = $1 AND r.workspace_id = $2`,
      [id, workspace.id],
    )) as RuleRow[];
    if (!row) throw ruleNotFound();
    return toRule(row);
  }

  private async count(manager: EntityManager, workspaceId: string): Promise<number> {
    const [{ count }] = (await manager.query(
      `SELECT count(*)::int AS count FROM automation_rules WHERE workspace_id = $1`,
      [workspaceId],
    )) as { count: number }[];
    return count;
  }

  /** The rule's fields from a body: all required to create, any to edit. */
  private parse(input: Record<string, unknown>, creating: boolean) {
    const allowPrivate = this.config.automation.webhookAllowPrivate;
    return this.parseOrThrow(() => {
      if (input.enabled !== undefined && typeof input.enabled !== 'boolean')
        throw new RuleProblem('enabled', 'Choose on or off.');
      return {
        name: creating || input.name !== undefined ? parseName(input.name) : undefined,
        enabled: input.enabled as boolean | undefined,
        trigger: creating || input.trigger !== undefined ? parseTrigger(input.trigger) : undefined,
        conditions:
          creating || input.conditions !== undefined
            ? parseConditions(input.conditions)
            : undefined,
        actions:
          creating || input.actions !== undefined
            ? parseActions(input.actions, (url) => refusedUrl(url, allowPrivate))
            : undefined,
      };
    });
  }

  private parseOrThrow<T>(parse: () => T): T {
    try {
      return parse();
    } catch (error) {
      if (error instanceof RuleProblem) throw LEADS_ERRORS.invalid(error.field, error.message);
      throw error;
    }
  }
}

/** SQL conditions on `leads l` (its scores `lead_scores ls`) for the leads a trigger concerns now; values appended to `values`. */
function triggerWhere(trigger: AutomationTrigger, values: unknown[]): string[] {
  const add = (value: unknown) => `$${values.push(value)}`;
  switch (trigger.kind) {
    case 'new_signal':
      return [
        `EXISTS (SELECT 1 FROM lead_signals s WHERE s.lead_id = l.id AND s.workspace_id = l.workspace_id
                   AND s.kind = ANY(${add(trigger.signal_kinds)}::varchar[]) AND s.occurred_at > ${RECENT})`,
      ];
    case 'job_change':
      return [
        `EXISTS (SELECT 1 FROM lead_signals s WHERE s.lead_id = l.id AND s.workspace_id = l.workspace_id
                   AND s.kind = 'job_change' AND s.occurred_at > ${RECENT})`,
      ];
    case 'score_crossed':
      return [`ls.score >= ${add(trigger.score)}::int`];
    case 'task_overdue':
      return [
        `EXISTS (SELECT 1 FROM lead_tasks t WHERE t.lead_id = l.id AND t.workspace_id = l.workspace_id
                   AND t.done_at IS NULL AND t.due_at < now() AND t.automation_rule_id IS NULL)`,
      ];
    case 'stage_changed':
      return [
        trigger.stages?.length
          ? `l.stage = ANY(${add(trigger.stages)}::varchar[])`
          : 'l.stage IS NOT NULL',
      ];
  }
}

function conditionsWhere(conditions: AutomationConditions, values: unknown[]): string[] {
  const add = (value: unknown) => `$${values.push(value)}`;
  const where: string[] = [];
  if (conditions.stages?.length) where.push(`l.stage = ANY(${add(conditions.stages)}::varchar[])`);
  if (conditions.monitored !== undefined) where.push(`l.monitored = ${add(conditions.monitored)}`);
  if (conditions.min_score !== undefined)
    where.push(`ls.score >= ${add(conditions.min_score)}::int`);
  return where;
}
