import { Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { LEAD_ERRORS, type Today } from '@leadpulse/common';
import { IdParam } from '../../common/id-param.js';
import { CurrentWorkspace, WorkspaceScoped } from '../workspaces/workspace.guard.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { TodayService } from './today.service.js';

@ApiTags('leads')
@WorkspaceScoped()
@Controller('leads')
export class TodayController {
  constructor(private readonly todays: TodayService) {}

  @Get('today')
  @Header('Cache-Control', 'no-store')
  today(@CurrentWorkspace() workspace: WorkspaceContext): Promise<Today<Date>> {
    return this.todays.today(workspace);
  }

  /** Marks the lead done for Today: it leaves the list until its next signal. */
  @Post(':id/today/done')
  @HttpCode(204)
  async done(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @IdParam(LEAD_ERRORS.lead_not_found) id: string,
  ): Promise<void> {
    await this.todays.done(workspace, id);
  }
}
