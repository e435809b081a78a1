import { Body, Controller, Get, Header, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { LEAD_ERRORS, type Paged, type Task, type TaskWithLead } from '@leadpulse/common';
import { IdParam } from '../../common/id-param.js';
import { CurrentWorkspace, WorkspaceScoped } from '../workspaces/workspace.guard.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { CreateTaskDto, TaskListQueryDto, UpdateTaskDto } from './dto/task.dto.js';
import { TasksService } from './tasks.service.js';

@ApiTags('leads')
@WorkspaceScoped()
@Controller()
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  @Get('tasks')
  @Header('Cache-Control', 'no-store')
  list(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Query() query: TaskListQueryDto,
  ): Promise<Paged<TaskWithLead<Date>>> {
    return this.tasks.list(workspace, query);
  }

  @Post('leads/:id/tasks')
  create(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @IdParam(LEAD_ERRORS.lead_not_found) leadId: string,
    @Body() body: CreateTaskDto,
  ): Promise<Task<Date>> {
    return this.tasks.create(workspace, leadId, body);
  }

  @Patch('tasks/:id')
  update(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @IdParam(LEAD_ERRORS.task_not_found) id: string,
    @Body() body: UpdateTaskDto,
  ): Promise<Task<Date>> {
    return this.tasks.update(workspace, id, body);
  }
}
