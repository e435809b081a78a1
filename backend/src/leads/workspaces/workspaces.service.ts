import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppException } from '../../common/app.exception.js';

/** The caller's workspace, as the guard resolves it for every lead route. */
export interface WorkspaceContext {
  id: string;
  /** The caller's `users` id. */
  userId: string;
  role: 'owner' | 'member';
}

@Injectable()
export class WorkspacesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The workspace of the signed-in account: the one it belongs to, or a personal one made now
   * (the first use of a lead feature). Two first requests at once make one workspace.
   */
  async resolve(accountId: string): Promise<WorkspaceContext> {
    const [found] = (await this.dataSource.query(
      `SELECT u.id AS user_id, m.workspace_id, m.role
         FROM users u
         LEFT JOIN workspace_members m ON m.user_id = u.id
        WHERE u.auth_user_id = $1
        ORDER BY m.role = 'owner' DESC, m.created_at
        LIMIT 1`,
      [accountId],
    )) as { user_id: string; workspace_id: string | null; role: 'owner' | 'member' | null }[];
    if (!found)
      throw new AppException(
        'profile_not_found',
        404,
        'We could not find your profile. Please contact support.',
      );
    if (found.workspace_id && found.role)
      return { id: found.workspace_id, userId: found.user_id, role: found.role };
    return this.createPersonal(found.user_id);
  }

  private async createPersonal(userId: string): Promise<WorkspaceContext> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO workspaces (name, owner_user_id, personal) VALUES ('My workspace', $1, true)
         ON CONFLICT (owner_user_id) WHERE personal DO NOTHING`,
        [userId],
      );
      const [workspace] = (await manager.query(
        `SELECT id FROM workspaces WHERE owner_user_id = $1 AND personal`,
        [userId],
      )) as { id: string }[];
      await manager.query(
        `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner')
         ON CONFLICT (workspace_id, user_id) DO NOTHING`,
        [workspace.id, userId],
      );
      return { id: workspace.id, userId, role: 'owner' as const };
    });
  }

  /** The workspaces a user owns (for erasure with the account). */
  async ownedBy(userId: string): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM workspaces WHERE owner_user_id = $1`,
      [userId],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }
}
