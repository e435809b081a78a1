import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { ImportJobService } from './imports/import-job.service.js';
import { ImportsController } from './imports/imports.controller.js';
import { ImportsService } from './imports/imports.service.js';
import { LeadsController } from './leads/leads.controller.js';
import { LeadsService } from './leads/leads.service.js';
import { TimelineService } from './leads/timeline.service.js';
import { LeadMemberDataService } from './member-data/lead-member-data.service.js';
import { NotesController } from './notes/notes.controller.js';
import { NotesService } from './notes/notes.service.js';
import { TasksController } from './tasks/tasks.controller.js';
import { TasksService } from './tasks/tasks.service.js';
import { PlanGateService } from './usage/plan-gate.service.js';
import { UsageController } from './usage/usage.controller.js';
import { WorkspaceGuard } from './workspaces/workspace.guard.js';
import { WorkspacesService } from './workspaces/workspaces.service.js';

/** The lead workspace: leads, their signals, notes and tasks, imports, and the plan's limits. */
@Module({
  imports: [AuthModule, JobsModule],
  controllers: [
    ImportsController,
    LeadsController,
    NotesController,
    TasksController,
    UsageController,
  ],
  providers: [
    WorkspacesService,
    WorkspaceGuard,
    PlanGateService,
    LeadsService,
    TimelineService,
    NotesService,
    TasksService,
    ImportsService,
    ImportJobService,
    LeadMemberDataService,
  ],
  exports: [WorkspacesService, PlanGateService, LeadMemberDataService],
})
export class LeadsModule {}
