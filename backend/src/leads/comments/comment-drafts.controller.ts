import { Body, Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  COMMENT_ERRORS,
  type CommentDraft,
  type CommentDrafts,
  type Paged,
} from '@leadpulse/common';
import { IdParam } from '../../common/id-param.js';
import { CurrentWorkspace, WorkspaceScoped } from '../workspaces/workspace.guard.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { CommentDraftsService } from './comment-drafts.service.js';
import { CommentDraftsListQueryDto, CreateCommentDraftsDto } from './dto/comment-drafts.dto.js';

@ApiTags('comment-drafts')
@WorkspaceScoped()
@Controller('comment-drafts')
export class CommentDraftsController {
  constructor(private readonly drafts: CommentDraftsService) {}

  /** Five drafts for a post, for one AI credit. */
  @Post()
  create(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Body() body: CreateCommentDraftsDto,
  ): Promise<CommentDrafts<Date>> {
    return this.drafts.create(workspace, body);
  }

  /** The member's drafts, newest set first. */
  @Get()
  @Header('Cache-Control', 'no-store')
  list(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Query() query: CommentDraftsListQueryDto,
  ): Promise<Paged<CommentDrafts<Date>>> {
    return this.drafts.list(workspace, query);
  }

  @Post(':id/used')
  @HttpCode(200)
  used(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @IdParam(COMMENT_ERRORS.comment_draft_not_found) id: string,
  ): Promise<CommentDraft> {
    return this.drafts.mark(workspace, id, 'used');
  }

  @Post(':id/skipped')
  @HttpCode(200)
  skipped(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @IdParam(COMMENT_ERRORS.comment_draft_not_found) id: string,
  ): Promise<CommentDraft> {
    return this.drafts.mark(workspace, id, 'skipped');
  }
}
