import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Patch,
  Post,
  Query,
  StreamableFile,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Lead, LeadsPage, Signal, Timeline } from '@leadpulse/common';
import { IdParam } from '../../common/id-param.js';
import { LEAD_ERRORS } from '@leadpulse/common';
import { CurrentWorkspace, WorkspaceScoped } from '../workspaces/workspace.guard.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { CreateLeadDto, UpdateLeadDto } from './dto/lead.dto.js';
import { LeadListQueryDto } from './dto/lead-list-query.dto.js';
import { LogSignalDto } from './dto/log-signal.dto.js';
import { LeadsService } from './leads.service.js';
import { TimelineService } from './timeline.service.js';

const LeadId = () => IdParam(LEAD_ERRORS.lead_not_found);

@ApiTags('leads')
@WorkspaceScoped()
@Controller('leads')
export class LeadsController {
  constructor(
    private readonly leads: LeadsService,
    private readonly timelines: TimelineService,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  list(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Query() query: LeadListQueryDto,
  ): Promise<LeadsPage<Date>> {
    return this.leads.list(workspace, query);
  }

  @Post()
  create(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Body() body: CreateLeadDto,
  ): Promise<Lead<Date>> {
    return this.leads.create(workspace, body);
  }

  /** leads.csv of the current search and filter. */
  @Get('export')
  @Header('Cache-Control', 'no-store')
  export(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Query() query: LeadListQueryDto,
  ): StreamableFile {
    return new StreamableFile(this.leads.exportCsv(workspace, query), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="leads.csv"',
    });
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  get(@CurrentWorkspace() workspace: WorkspaceContext, @LeadId() id: string): Promise<Lead<Date>> {
    return this.leads.get(workspace, id);
  }

  @Patch(':id')
  update(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @LeadId() id: string,
    @Body() body: UpdateLeadDto,
  ): Promise<Lead<Date>> {
    return this.leads.update(workspace, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @LeadId() id: string,
  ): Promise<void> {
    await this.leads.remove(workspace, id);
  }

  @Get(':id/timeline')
  @Header('Cache-Control', 'no-store')
  timeline(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @LeadId() id: string,
  ): Promise<Timeline<Date>> {
    return this.timelines.timeline(workspace, id);
  }

  @Post(':id/signals')
  logSignal(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @LeadId() id: string,
    @Body() body: LogSignalDto,
  ): Promise<Signal<Date>> {
    return this.timelines.log(workspace, id, body);
  }
}
