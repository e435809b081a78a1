import { Body, Controller, Delete, Get, Header, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { LEAD_ERRORS, type Note, type Paged } from '@leadpulse/common';
import { IdParam } from '../../common/id-param.js';
import { CurrentWorkspace, WorkspaceScoped } from '../workspaces/workspace.guard.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { CreateNoteDto, NotesService } from './notes.service.js';

@ApiTags('leads')
@WorkspaceScoped()
@Controller('leads/:id/notes')
export class NotesController {
  constructor(private readonly notes: NotesService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  list(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @IdParam(LEAD_ERRORS.lead_not_found) leadId: string,
  ): Promise<Paged<Note<Date>>> {
    return this.notes.list(workspace, leadId);
  }

  @Post()
  create(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @IdParam(LEAD_ERRORS.lead_not_found) leadId: string,
    @Body() body: CreateNoteDto,
  ): Promise<Note<Date>> {
    return this.notes.create(workspace, leadId, body);
  }

  @Delete(':noteId')
  @HttpCode(204)
  async remove(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @IdParam(LEAD_ERRORS.lead_not_found) leadId: string,
    @IdParam(LEAD_ERRORS.note_not_found, 'noteId') noteId: string,
  ): Promise<void> {
    await this.notes.remove(workspace, leadId, noteId);
  }
}
