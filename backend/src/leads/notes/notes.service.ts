import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsString, Matches, MaxLength } from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { CreateNoteRequest, Note, Paged } from '@leadpulse/common';
import { LEADS_ERRORS } from '../leads.errors.js';
import { toNote } from '../leads/lead.mapper.js';
import { LeadsService } from '../leads/leads.service.js';
import { PlanGateService } from '../usage/plan-gate.service.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { LeadNoteEntity } from './lead-note.entity.js';

export const NOTE_MAX_LENGTH = 10_000;

export class CreateNoteDto implements CreateNoteRequest {
  @ApiProperty({ maxLength: NOTE_MAX_LENGTH })
  @IsString()
  @MaxLength(NOTE_MAX_LENGTH)
  @Matches(/\S/, { message: 'Write something in the note.' })
  body: string;
}

/** Notes on a lead. */
@Injectable()
export class NotesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly leads: LeadsService,
    private readonly gate: PlanGateService,
  ) {}

  async list(workspace: WorkspaceContext, leadId: string): Promise<Paged<Note<Date>>> {
    const lead = await this.leads.find(this.dataSource.manager, workspace, leadId);
    const notes = await this.dataSource.getRepository(LeadNoteEntity).find({
      where: { lead_id: lead.id, workspace_id: workspace.id },
      order: { created_at: 'DESC' },
    });
    return {
      data: notes.map(toNote),
      count: notes.length,
      page: 1,
      pageSize: notes.length,
      totalPages: 1,
    };
  }

  async create(
    workspace: WorkspaceContext,
    leadId: string,
    body: CreateNoteDto,
  ): Promise<Note<Date>> {
    return this.dataSource.transaction(async (manager) => {
      await this.gate.lockForWrite(manager, workspace);
      const lead = await this.leads.find(manager, workspace, leadId);
      const note = await manager.save(
        manager.create(LeadNoteEntity, {
          workspace_id: workspace.id,
          lead_id: lead.id,
          body: body.body.trim(),
        }),
      );
      return toNote(note);
    });
  }

  async remove(workspace: WorkspaceContext, leadId: string, noteId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.gate.lockForWrite(manager, workspace);
      const lead = await this.leads.find(manager, workspace, leadId);
      const result = await manager.delete(LeadNoteEntity, {
        id: noteId,
        lead_id: lead.id,
        workspace_id: workspace.id,
      });
      if (!result.affected) throw LEADS_ERRORS.noteNotFound();
    });
  }
}
