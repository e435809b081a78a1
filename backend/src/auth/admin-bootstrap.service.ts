import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { UserWritesService } from '../users/user-writes.service.js';
import { ensureAdmin } from './ensure-admin.js';
import { PasswordsService } from './passwords.service.js';

/** ADMIN_EMAIL and ADMIN_PASSWORD: the first administrator, created or promoted at start. */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminBootstrapService.name);

  constructor(
    private readonly config: AppConfig,
    private readonly passwords: PasswordsService,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly userWrites: UserWritesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { adminEmail, adminPassword } = this.config.auth;
    if (!adminEmail || !adminPassword) return;
    const passwordHash = await this.passwords.hash(adminPassword);
    const { created } = await this.dataSource.transaction((manager) =>
      ensureAdmin(manager, this.userWrites, {
        email: adminEmail,
        passwordHash,
        overwritePassword: false,
      }),
    );
    this.logger.log(
      `Administrator ${adminEmail} ${created ? 'created' : 'is in place'}; sign in at ${this.config.appUrl}/admin`,
    );
  }
}
