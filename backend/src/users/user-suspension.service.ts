import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import { findUser } from './find-user.js';
import { UserEntity } from './user.entity.js';
import { usersErrors } from './users.errors.js';

/**
 * Suspending and reactivating an account from the back office. A suspended user cannot sign in
 * (every way in refuses them) and their sign-ins end at once; reactivating puts back the status
 * they had. Both are audited with the reason.
 */
@Injectable()
export class UserSuspensionService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly sessions: SessionsService,
  ) {}

  async suspend(adminId: string, id: string, reason: string): Promise<void> {
    const why = reason.trim();
    await this.dataSource.transaction(async (manager) => {
      const user = await findUser(manager, id, true);
      if (user.id === adminId) throw usersErrors.cannotSuspendSelf();
      if (user.status === 'deleted') throw usersErrors.deletedNotSuspendable();
      if (user.status === 'suspended') throw usersErrors.alreadySuspended();
      const changes = {
        status: 'suspended',
        status_before_suspension: user.status,
        suspended_at: new Date(),
        suspension_reason: why,
      };
      await manager.getRepository(UserEntity).update(id, changes);
      if (user.auth_user_id) await this.sessions.endAll(manager, user.auth_user_id);
      await this.audit.record(manager, {
        adminId,
        type: 'suspend_user',
        targetUserId: id,
        details: {
          description: `Suspended ${user.email}: ${why}`,
          old_values: { status: user.status },
          new_values: { status: 'suspended', suspension_reason: why },
        },
      });
    });
  }

  async reactivate(adminId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const user = await findUser(manager, id, true);
      if (user.status !== 'suspended') throw usersErrors.notSuspended();
      const status = user.status_before_suspension ?? 'active';
      await manager.getRepository(UserEntity).update(id, {
        status,
        status_before_suspension: null,
        suspended_at: null,
        suspension_reason: null,
      });
      await this.audit.record(manager, {
        adminId,
        type: 'reactivate_user',
        targetUserId: id,
        details: {
          description: `Reactivated ${user.email}`,
          old_values: { status: 'suspended', suspension_reason: user.suspension_reason },
          new_values: { status },
        },
      });
    });
  }
}
