import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import {
  BOARD_MAX_PER_COLUMN,
  BOARD_PER_COLUMN,
  type BoardQuery,
  type PipelineBoard,
} from '@leadpulse/common';
import { CurrentWorkspace, WorkspaceScoped } from '../workspaces/workspace.guard.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { PipelineService } from './pipeline.service.js';

export class BoardQueryDto implements BoardQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(BOARD_MAX_PER_COLUMN)
  per_column?: number;
}

/** Cards move by PATCH /api/leads/:id (`stage`, `position_in_stage`, `stage_reason`). */
@ApiTags('leads')
@WorkspaceScoped()
@Controller('leads')
export class PipelineController {
  constructor(private readonly pipeline: PipelineService) {}

  @Get('board')
  @Header('Cache-Control', 'no-store')
  board(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Query() query: BoardQueryDto,
  ): Promise<PipelineBoard<Date>> {
    return this.pipeline.board(workspace, query.per_column ?? BOARD_PER_COLUMN);
  }
}
