import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../mail/mail.module.js';
import { AutomationRulesController } from './automation/automation-rules.controller.js';
import { AutomationRulesService } from './automation/automation-rules.service.js';
import { AutomationRunnerService } from './automation/automation-runner.service.js';
import { WebhookDeliveryService } from './automation/webhook-delivery.service.js';
import { CommentDraftsController } from './comments/comment-drafts.controller.js';
import { CommentDraftsService } from './comments/comment-drafts.service.js';
import { CommentWriterService } from './comments/comment-writer.service.js';
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

/** The lead workspace: leads, their signals, notes and tasks, imports, comment drafts, automation, and the plan's limits. */
@Module({
  imports: [AuthModule, JobsModule, MailModule],
  controllers: [
    AutomationRulesController,
    CommentDraftsController,
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
    CommentWriterService,
    CommentDraftsService,
    AutomationRulesService,
    AutomationRunnerService,
    WebhookDeliveryService,
  ],
  exports: [WorkspacesService, PlanGateService, LeadMemberDataService],
})
export class LeadsModule {}
