import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { LeadNews } from '@leadpulse/common';
import { CurrentWorkspace, WorkspaceScoped } from '../workspaces/workspace.guard.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { NewsService } from './news.service.js';

@ApiTags('leads')
@WorkspaceScoped()
@Controller('leads')
export class NewsController {
  constructor(private readonly news: NewsService) {}

  /** Job changes and messages on monitored leads since the member's last visit. */
  @Get('news')
  @Header('Cache-Control', 'no-store')
  latest(@CurrentWorkspace() workspace: WorkspaceContext): Promise<LeadNews<Date>> {
    return this.news.news(workspace);
  }
}
