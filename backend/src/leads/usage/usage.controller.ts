import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Usage } from '@leadpulse/common';
import { CurrentWorkspace, WorkspaceScoped } from '../workspaces/workspace.guard.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { PlanGateService } from './plan-gate.service.js';

@ApiTags('me')
@WorkspaceScoped()
@Controller('me')
export class UsageController {
  constructor(private readonly gate: PlanGateService) {}

  /** Each limit of the plan with what is used, and when the month's AI credits reset. */
  @Get('usage')
  @Header('Cache-Control', 'no-store')
  usage(@CurrentWorkspace() workspace: WorkspaceContext): Promise<Usage<Date>> {
    return this.gate.usage(workspace);
  }
}
