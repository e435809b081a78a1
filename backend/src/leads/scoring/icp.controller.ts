import { Body, Controller, Get, Header, HttpCode, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { IcpAnswer, IcpPreview } from '@leadpulse/common';
import { CurrentWorkspace, WorkspaceScoped } from '../workspaces/workspace.guard.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { IcpService } from './icp.service.js';

/**
 * The ideal customer profile. Its body is checked by common's icpProblems (400
 * `validation_failed` naming the field), the rule the site's editor shows as well.
 */
@ApiTags('leads')
@WorkspaceScoped()
@Controller('icp')
export class IcpController {
  constructor(private readonly icps: IcpService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  get(@CurrentWorkspace() workspace: WorkspaceContext): Promise<IcpAnswer<Date>> {
    return this.icps.get(workspace);
  }

  /** Saves the ICP; the workspace is rescored in a job whose progress GET answers. */
  @Put()
  put(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Body() body: unknown,
  ): Promise<IcpAnswer<Date>> {
    return this.icps.put(workspace, body);
  }

  /** How the workspace would rank under this ICP, for the editor's live preview; saves nothing. */
  @Post('preview')
  @HttpCode(200)
  preview(
    @CurrentWorkspace() workspace: WorkspaceContext,
    @Body() body: unknown,
  ): Promise<IcpPreview> {
    return this.icps.preview(workspace, body);
  }
}
