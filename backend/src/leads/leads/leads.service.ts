import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { profileSlug, profileUrlOf, type Lead, type LeadsPage } from '@leadpulse/common';
import { csvStringifier } from '../../common/csv.js';
import { queueStageEvent } from '../automation/automation-events.js';
import { LEADS_ERRORS } from '../leads.errors.js';
import { moveCard, recordStageChange } from '../pipeline/pipeline-order.js';
import { rescoreLeads } from '../scoring/lead-scores.js';
import { PlanGateService } from '../usage/plan-gate.service.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import type { CreateLeadDto, UpdateLeadDto } from './dto/lead.dto.js';
import type { LeadListQueryDto } from './dto/lead-list-query.dto.js';
import { LeadEntity } from './lead.entity.js';
import { LEAD_ROW_COLUMNS, toLead, toLeadFromRow, type LeadRow } from './lead.mapper.js';
import { leadPage, leadsQuery, pageOf, WHOLE_COUNT_SQL } from './leads-list.js';
import { preparedStatement } from '../../database/prepared-read.js';

const EXPORT_BATCH = 500;
/** The fields Fit reads: editing one rescores the lead. */
const SCORED_FIELDS = ['position', 'company', 'location', 'headline'] as const;
const EXPORT_COLUMNS = [
  'First name',
  'Last name',
  'Profile URL',
  'Position',
  'Company',
  'Location',
  'E-mail',
  'Source',
  'Stage',
  'Monitored',
  'Score',
  'Last signal',
  'Added',
];

/** The leads of the caller's workspace: list, add by hand, read, edit, delete, export. */
@Injectable()
export class LeadsService {
  /** The list's reads of every page, each parsed and planned once per connection. */
  private readonly wholeCount;
  private readonly pageRows;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly gate: PlanGateService,
  ) {
    const count = preparedStatement<{ leads: number }>(
      dataSource,
      'leads_whole_count',
      WHOLE_COUNT_SQL,
    );
    this.wholeCount = async (workspaceId: string) => (await count([workspaceId]))[0]?.leads ?? 0;
    this.pageRows = preparedStatement<LeadRow>(
      dataSource,
      'leads_page_rows',
      `SELECT ${LEAD_ROW_COLUMNS} FROM leads l JOIN lead_scores s ON s.lead_id = l.id
        WHERE l.id = ANY($1::uuid[]) AND l.workspace_id = $2`,
    );
  }

  async list(workspace: WorkspaceContext, query: LeadListQueryDto): Promise<LeadsPage<Date>> {
    const { page, pageSize } = pageOf(query);
    const { ids, count, next_cursor, prev_cursor } = await leadPage(
      this.dataSource,
      workspace.id,
      query,
      (page - 1) * pageSize,
      pageSize,
      this.wholeCount,
    );
    const rows = ids.length ? await this.pageRows([ids, workspace.id]) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      data: ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toLeadFromRow(row)] : [];
      }),
      count,
      page,
      pageSize,
      totalPages: Math.ceil(count / pageSize),
      next_cursor,
      prev_cursor,
    };
  }

  /** Adds a lead by hand; 409 `lead_exists` when its profile (or e-mail) is already a lead. */
  async create(workspace: WorkspaceContext, body: CreateLeadDto): Promise<Lead<Date>> {
    const slug = profileSlug(body.profile_url);
    const email = body.email?.trim().toLowerCase() || null;
    const matchKey = slug ? `in:${slug}` : email ? `email:${email}` : `new:${randomUUID()}`;
    return this.dataSource.transaction(async (manager) => {
      const limits = await this.gate.lockForWrite(manager, workspace);
      if (body.stage) await this.gate.assertRoom(manager, workspace, limits, 'profiles_tracked');
      if (body.monitored)
        await this.gate.assertRoom(manager, workspace, limits, 'profiles_monitored');
      const existing = await this.findExisting(manager, workspace.id, matchKey, email);
      if (existing) throw LEADS_ERRORS.leadExists(existing);
      const [inserted] = (await manager.query(
        `INSERT INTO leads (workspace_id, match_key, profile_url, profile_slug, first_name, last_name,
                            position, company, location, email, headline, source, stage, monitored,
                            position_in_stage)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'manual', $12::varchar, $13,
                 COALESCE((SELECT max(position_in_stage) + 1 FROM leads WHERE workspace_id = $1 AND stage = $12::varchar), 0))
         ON CONFLICT (workspace_id, match_key) DO NOTHING RETURNING id`,
        [
          workspace.id,
          matchKey,
          slug ? profileUrlOf(slug) : null,
          slug,
          body.first_name.trim(),
          body.last_name?.trim() ?? '',
          blankToNull(body.position),
          blankToNull(body.company),
          blankToNull(body.location),
          email,
          blankToNull(body.headline),
          body.stage ?? null,
          body.monitored ?? false,
        ],
      )) as { id: string }[];
      // An import may have brought the same person in since the look-up.
      if (!inserted)
        throw LEADS_ERRORS.leadExists(
          (await this.findExisting(manager, workspace.id, matchKey, email)) ?? '',
        );
      await recordStageChange(manager, workspace.id, inserted.id, null, body.stage ?? null);
      await rescoreLeads(manager, workspace.id, [inserted.id]);
      return toLead(await this.withScores(manager, inserted.id));
    });
  }

  async get(workspace: WorkspaceContext, id: string): Promise<Lead<Date>> {
    return toLead(await this.find(this.dataSource.manager, workspace, id));
  }

  /** Edits a lead; starting to track or monitor it counts against the plan's limits. */
  async update(workspace: WorkspaceContext, id: string, body: UpdateLeadDto): Promise<Lead<Date>> {
    return this.dataSource.transaction(async (manager) => {
      const limits = await this.gate.lockForWrite(manager, workspace);
      const lead = await this.find(manager, workspace, id, true);
      if (body.stage && lead.stage === null)
        await this.gate.assertRoom(manager, workspace, limits, 'profiles_tracked');
      if (body.monitored && !lead.monitored)
        await this.gate.assertRoom(manager, workspace, limits, 'profiles_monitored');
      const changes: Partial<LeadEntity> = {};
      for (const key of ['first_name', 'last_name'] as const)
        if (body[key] !== undefined) changes[key] = body[key].trim();
      for (const key of ['position', 'company', 'location', 'headline'] as const)
        if (body[key] !== undefined) changes[key] = blankToNull(body[key]);
      if (body.email !== undefined) changes.email = body.email?.trim().toLowerCase() || null;
      if (body.monitored !== undefined) changes.monitored = body.monitored;
      if (body.snoozed_until !== undefined)
        changes.snoozed_until = body.snoozed_until ? new Date(body.snoozed_until) : null;
      if (Object.keys(changes).length > 0) await manager.update(LeadEntity, lead.id, changes);
      if (
        body.stage !== undefined ||
        body.position_in_stage !== undefined ||
        body.stage_reason !== undefined
      )
        await moveCard(manager, workspace.id, lead, {
          stage: body.stage,
          position: body.position_in_stage,
          reason: body.stage_reason,
        });
      // The member's own move; a rule's move goes through the automation runner instead.
      if (body.stage && body.stage !== lead.stage)
        await queueStageEvent(manager, workspace.id, lead.id, body.stage);
      if (SCORED_FIELDS.some((key) => body[key] !== undefined))
        await rescoreLeads(manager, workspace.id, [lead.id]);
      return toLead(await this.withScores(manager, lead.id));
    });
  }

  /** Deletes a lead with its signals, notes and tasks. */
  async remove(workspace: WorkspaceContext, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.gate.lockForWrite(manager, workspace);
      const result = await manager.delete(LeadEntity, { id, workspace_id: workspace.id });
      if (!result.affected) throw LEADS_ERRORS.leadNotFound();
    });
  }

  /** The lead of this workspace, or 404 (another workspace's id included). */
  async find(
    manager: EntityManager,
    workspace: WorkspaceContext,
    id: string,
    forUpdate = false,
  ): Promise<LeadEntity> {
    const lead = await manager.findOne(LeadEntity, {
      where: { id, workspace_id: workspace.id },
      ...(forUpdate
        ? { lock: { mode: 'pessimistic_write' as const } }
        : { relations: { scores: true } }),
    });
    if (!lead) throw LEADS_ERRORS.leadNotFound();
    return lead;
  }

  /** The lead with its scores, as just written in `manager`'s transaction. */
  private withScores(manager: EntityManager, id: string): Promise<LeadEntity> {
    return manager.findOneOrFail(LeadEntity, { where: { id }, relations: { scores: true } });
  }

  /** The leads of the current search and filter as CSV, streamed in batches; cells formula-safe. */
  exportCsv(workspace: WorkspaceContext, query: LeadListQueryDto): Readable {
    const dataSource = this.dataSource;
    async function* rows() {
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const batch = await leadsQuery(dataSource, workspace.id, query)
          .offset(offset)
          .limit(EXPORT_BATCH)
          .getMany();
        for (const lead of batch)
          yield [
            lead.first_name,
            lead.last_name,
            lead.profile_url ?? '',
            lead.position ?? '',
            lead.company ?? '',
            lead.location ?? '',
            lead.email ?? '',
            lead.source,
            lead.stage ?? '',
            lead.monitored ? 'yes' : 'no',
            String(lead.scores?.score ?? 0),
            lead.last_signal_at?.toISOString() ?? '',
            lead.created_at.toISOString(),
          ];
        if (batch.length < EXPORT_BATCH) return;
      }
    }
    return Readable.from(rows()).pipe(csvStringifier(EXPORT_COLUMNS));
  }

  private async findExisting(
    manager: EntityManager,
    workspaceId: string,
    matchKey: string,
    email: string | null,
  ): Promise<string | undefined> {
    const [row] = (await manager.query(
      `SELECT id FROM leads WHERE workspace_id = $1
          AND (match_key = $2 OR ($3::text IS NOT NULL AND lower(email) = $3)) LIMIT 1`,
      [workspaceId, matchKey, email],
    )) as { id: string }[];
    return row?.id;
  }
}

function blankToNull(value: string | null | undefined): string | null {
  return value?.trim() || null;
}
