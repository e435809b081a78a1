import {
  applyDecorators,
  createParamDecorator,
  Injectable,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../../auth/auth-user.js';
import { JwtAuthGuard } from '../../auth/guards.js';
import { WorkspacesService, type WorkspaceContext } from './workspaces.service.js';

type WorkspaceRequest = FastifyRequest & { user?: AuthenticatedUser; workspace?: WorkspaceContext };

/** Resolves the signed-in caller's workspace (made on first use) for the route. */
@Injectable()
export class WorkspaceGuard implements CanActivate {
  constructor(private readonly workspaces: WorkspacesService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<WorkspaceRequest>();
    request.workspace = await this.workspaces.resolve(request.user!.accountId);
    return true;
  }
}

/** A lead route: a session required, and the caller's workspace resolved before the handler. */
export const WorkspaceScoped = () =>
  applyDecorators(ApiBearerAuth(), UseGuards(JwtAuthGuard, WorkspaceGuard));

/** The caller's workspace, which every query of the route filters on. */
export const CurrentWorkspace = createParamDecorator(
  (_data: unknown, context: ExecutionContext): WorkspaceContext =>
    context.switchToHttp().getRequest<WorkspaceRequest>().workspace!,
);
