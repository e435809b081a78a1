import { Controller, Get, Header, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { LEAD_ERRORS, type LeadImport, type Paged } from '@leadpulse/common';
import { IdParam } from '../../common/id-param.js';
import { CurrentWorkspace, WorkspaceScoped } from '../workspaces/workspace.guard.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { ImportListQueryDto } from './dto/import-list-query.dto.js';
import { ImportsService } from './imports.service.js';

@ApiTags('leads')
@WorkspaceScoped()
@Controller('lead-imports')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  /** A LinkedIn export (ZIP), one of its CSVs, or any CSV with an optional `mapping`: queued. */
  @Post()
  @HttpCode(202)
  @ApiConsumes('multipart/form-data')
  upload(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Req() request: FastifyRequest,
  ): Promise<LeadImport<Date>> {
    return this.imports.upload(workspace, request);
  }

  /** Imports a generated sample export, so a new member can try everything. */
  @Post('sample')
  @HttpCode(202)
  sample(@CurrentWorkspace() workspace: WorkspaceContext): Promise<LeadImport<Date>> {
    return this.imports.sample(workspace);
  }

  @Get()
  @Header('Cache-Control', 'no-store')
  list(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Query() query: ImportListQueryDto,
  ): Promise<Paged<LeadImport<Date>>> {
    return this.imports.list(workspace, query);
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  get(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @IdParam(LEAD_ERRORS.import_not_found) id: string,
  ): Promise<LeadImport<Date>> {
    return this.imports.get(workspace, id);
  }
}
