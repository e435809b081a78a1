import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { preparedStatement } from '../../database/prepared-read.js';
import { LEADS_ERRORS } from '../leads.errors.js';

/** The caller's workspace, as the guard resolves it for every lead route. */
export interface WorkspaceContext {
  id: string;
  /** The caller's `users` id. */
  userId: string;
  /** Whose plan limits the workspace. */
  ownerId: string;
  role: 'owner' | 'member';
  /**
   * False for a member's personal workspace before its first write: it is made then, in that
   * write's transaction (its id is the member's own), so a refused request writes nothing.
   */
  exists: boolean;
}

/** The account's workspace: the one it belongs to (as owner first), if any. */
const RESOLVE_SQL = `SELECT u.id AS user_id, m.workspace_id, m.role, w.owner_user_id
   FROM users u
   LEFT JOIN workspace_members m ON m.user_id = u.id
   LEFT JOIN workspaces w ON w.id = m.workspace_id
  WHERE u.auth_user_id = $1
  ORDER BY m.role = 'owner' DESC, m.created_at
  LIMIT 1`;

@Injectable()
export class WorkspacesService {
  /** Read before every lead route's handler: parsed and planned once per connection. */
  private readonly membership;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.membership = preparedStatement<{
      user_id: string;
      workspace_id: string | null;
      role: 'owner' | 'member' | null;
      owner_user_id: string | null;
    }>(dataSource, 'workspace_of_account', RESOLVE_SQL);
  }

  /** The workspace of the signed-in account: the one it belongs to, or its personal one. */
  async resolve(accountId: string): Promise<WorkspaceContext> {
    const [found] = await this.membership([accountId]);
    if (!found) throw LEADS_ERRORS.profileNotFound();
    if (found.workspace_id && found.role && found.owner_user_id)
      return {
        id: found.workspace_id,
        userId: found.user_id,
        ownerId: found.owner_user_id,
        role: found.role,
        exists: true,
      };
    return {
      id: found.user_id,
      userId: found.user_id,
      ownerId: found.user_id,
      role: 'owner',
      exists: false,
    };
  }

  /** Makes the member's personal workspace in the write's transaction, if it is not there yet. */
  async ensure(manager: EntityManager, workspace: WorkspaceContext): Promise<void> {
    if (workspace.exists) return;
    await manager.query(
      `INSERT INTO workspaces (id, name, owner_user_id, personal) VALUES ($1, 'My workspace', $2, true)
       ON CONFLICT DO NOTHING`,
      [workspace.id, workspace.userId],
    );
    await manager.query(
      `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner')
       ON CONFLICT DO NOTHING`,
      [workspace.id, workspace.userId],
    );
  }
}
