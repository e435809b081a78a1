import { AuthAccountEntity } from '../auth/auth-account.entity.js';
import { EmailEntity } from '../mail/email.entity.js';
import { PlanEntity } from '../plans/plan.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** Every entity, listed explicitly so that the same list serves the app, the CLI and the tests. */
export const ENTITIES = [AuthAccountEntity, EmailEntity, PlanEntity, UserEntity];
