import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AdminRolesController } from './admin-roles.controller.js';
import { AdminUserRolesController } from './admin-user-roles.controller.js';
import { RolesService } from './roles.service.js';

@Module({
  imports: [AuthModule],
  controllers: [AdminRolesController, AdminUserRolesController],
  providers: [RolesService],
  exports: [RolesService],
})
export class RolesModule {}
