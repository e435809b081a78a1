import { Global, Module } from '@nestjs/common';
import { EndedSessionsService } from './ended-sessions.service.js';

/** Global: every module that guards a route with JwtAuthGuard needs it. */
@Global()
@Module({ providers: [EndedSessionsService], exports: [EndedSessionsService] })
export class EndedSessionsModule {}
