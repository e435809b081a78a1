import { Global, Module } from '@nestjs/common';
import { AccessTokens } from './access-tokens.js';
import { EndedSessionsService } from './ended-sessions.service.js';
import { SessionOwnersService } from './session-owners.service.js';

/** Global: every module that guards a route with JwtAuthGuard needs it. */
@Global()
@Module({
  providers: [EndedSessionsService, AccessTokens, SessionOwnersService],
  exports: [EndedSessionsService, AccessTokens, SessionOwnersService],
})
export class EndedSessionsModule {}
