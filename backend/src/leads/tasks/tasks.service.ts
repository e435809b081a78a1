import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Paged, Task, TaskWithLead } from '@leadpulse/common';
import { LEADS_ERRORS } from '../leads.errors.js';
import { toTask } from '../leads/lead.mapper.js';
import { pageOf } from '../leads/leads-list.js';
import { LeadsService } from '../leads/leads.service.js';
import { PlanGateService } from '../usage/plan-gate.service.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import type { CreateTaskDto, TaskListQueryDto, UpdateTaskDto } from './dto/task.dto.js';
import { LeadTaskEntity } from './lead-task.entity.js';

/** Today (UTC) as [start, end). */
function today(now = new Date()): [Date, Date] {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return [start, new Date(start.getTime() + 24 * 60 * 60 * 1000)];
}

/** Tasks on leads: the workspace's list by due date, and each lead's. */
@Injectable()
export class TasksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly leads: LeadsService,
    private readonly gate: PlanGateService,
  ) {}

  /** Open tasks by due date (overdue, today, upcoming), or done ones, with their lead. */
  async list(
    workspace: WorkspaceContext,
    query: TaskListQueryDto,
  ): Promise<Paged<TaskWithLead<Date>>> {
    const { page, pageSize } = pageOf(query);
    const builder = this.dataSource
      .getRepository(LeadTaskEntity)
      .createQueryBuilder('t')
      .innerJoinAndSelect('t.lead', 'l')
      .where('t.workspace_id = :workspaceId', { workspaceId: workspace.id });
    const [start, end] = today();
    const now = new Date();
    if (query.due) builder.andWhere('t.done_at IS NULL');
    if (query.due === 'overdue') builder.andWhere('t.due_at < :now', { now });
    if (query.due === 'today')
      builder.andWhere('t.due_at >= :start AND t.due_at < :end', { start, end });
    if (query.due === 'upcoming') builder.andWhere('t.due_at >= :end', { end });
    if (query.done !== undefined)
      builder.andWhere(query.done ? 't.done_at IS NOT NULL' : 't.done_at IS NULL');
    if (query.lead_id) builder.andWhere('t.lead_id = :leadId', { leadId: query.lead_id });
    const [rows, count] = await builder
      .orderBy('t.due_at', 'ASC', 'NULLS LAST')
      .addOrderBy('t.created_at', 'DESC')
      .addOrderBy('t.id', 'ASC')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .getManyAndCount();
    return {
      data: rows.map((task) => ({
        ...toTask(task),
        lead: {
          id: task.lead!.id,
          first_name: task.lead!.first_name,
          last_name: task.lead!.last_name,
          company: task.lead!.company,
        },
      })),
      count,
      page,
      pageSize,
      totalPages: Math.ceil(count / pageSize),
    };
  }

  async create(
    workspace: WorkspaceContext,
    leadId: string,
    body: CreateTaskDto,
  ): Promise<Task<Date>> {
    return this.dataSource.transaction(async (manager) => {
      await this.gate.lockForWrite(manager, workspace);
      const lead = await this.leads.find(manager, workspace, leadId);
      const task = await manager.save(
        manager.create(LeadTaskEntity, {
          workspace_id: workspace.id,
          lead_id: lead.id,
          title: body.title.trim(),
          due_at: body.due_at ? new Date(body.due_at) : null,
          done_at: null,
        }),
      );
      return toTask(task);
    });
  }

  async update(workspace: WorkspaceContext, id: string, body: UpdateTaskDto): Promise<Task<Date>> {
    return this.dataSource.transaction(async (manager) => {
      await this.gate.lockForWrite(manager, workspace);
      const task = await manager.findOneBy(LeadTaskEntity, { id, workspace_id: workspace.id });
      if (!task) throw LEADS_ERRORS.taskNotFound();
      if (body.title !== undefined) task.title = body.title.trim();
      if (body.due_at !== undefined) task.due_at = body.due_at ? new Date(body.due_at) : null;
      if (body.done !== undefined) task.done_at = body.done ? (task.done_at ?? new Date()) : null;
      return toTask(await manager.save(task));
    });
  }
}
