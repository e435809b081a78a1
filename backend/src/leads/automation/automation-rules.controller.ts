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
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AUTOMATION_ERRORS,
  type AutomationPreview,
  type AutomationRule,
  type AutomationRuleCreated,
  type AutomationRun,
  type Paged,
} from '@leadpulse/common';
import { IdParam } from '../../common/id-param.js';
import { CurrentWorkspace, WorkspaceScoped } from '../workspaces/workspace.guard.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { AutomationRulesService } from './automation-rules.service.js';
import {
  AutomationListQueryDto,
  AutomationPreviewDto,
  CreateAutomationRuleDto,
  UpdateAutomationRuleDto,
} from './dto/automation-rule.dto.js';

const NOT_FOUND = AUTOMATION_ERRORS.automation_rule_not_found;

@ApiTags('automation')
@WorkspaceScoped()
@Controller()
export class AutomationRulesController {
  constructor(private readonly rules: AutomationRulesService) {}

  @Get('automation-rules')
  @Header('Cache-Control', 'no-store')
  list(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Query() query: AutomationListQueryDto,
  ): Promise<Paged<AutomationRule<Date>>> {
    return this.rules.list(workspace, query);
  }

  /** A new rule; its webhook secret is answered this once. */
  @Post('automation-rules')
  create(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Body() body: CreateAutomationRuleDto,
  ): Promise<AutomationRuleCreated<Date>> {
    return this.rules.create(workspace, body);
  }

  /** The current leads a rule would match, before it is saved. */
  @Post('automation-rules/preview')
  @HttpCode(200)
  preview(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Body() body: AutomationPreviewDto,
  ): Promise<AutomationPreview> {
    return this.rules.preview(workspace, body);
  }

  @Patch('automation-rules/:id')
  update(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @IdParam(NOT_FOUND) id: string,
    @Body() body: UpdateAutomationRuleDto,
  ): Promise<AutomationRule<Date>> {
    return this.rules.update(workspace, id, body);
  }

  @Delete('automation-rules/:id')
  @HttpCode(204)
  remove(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @IdParam(NOT_FOUND) id: string,
  ): Promise<void> {
    return this.rules.remove(workspace, id);
  }

  /** The rule's runs, newest first, with their webhook answers. */
  @Get('automation-rules/:id/runs')
  @Header('Cache-Control', 'no-store')
  ruleRuns(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @IdParam(NOT_FOUND) id: string,
    @Query() query: AutomationListQueryDto,
  ): Promise<Paged<AutomationRun<Date>>> {
    return this.rules.runs(workspace, id, query);
  }

  /** Every rule's runs, newest first. */
  @Get('automation-runs')
  @Header('Cache-Control', 'no-store')
  runs(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Query() query: AutomationListQueryDto,
  ): Promise<Paged<AutomationRun<Date>>> {
    return this.rules.runs(workspace, null, query);
  }
}
