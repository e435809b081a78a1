import { Module } from '@nestjs/common';
import { UserWritesService } from './user-writes.service.js';

/**
 * The users table's writes for other features, on its own so that AuthModule, which UsersModule
 * imports, can have them too; every other feature gets them from UsersModule.
 */
@Module({ providers: [UserWritesService], exports: [UserWritesService] })
export class UserWritesModule {}
