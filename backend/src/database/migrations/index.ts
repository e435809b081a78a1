import type { MixedList } from 'typeorm';
import { InitialSchema1795340435168 } from './1795340435168-InitialSchema.js';

/** Every migration in order; a committed migration is never edited. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type
export const MIGRATIONS: MixedList<Function> = [InitialSchema1795340435168];
