import type { MigrationInterface } from 'typeorm';
import { InitialSchema1795340435168 } from './1795340435168-InitialSchema.js';

/** Every migration in order; a committed migration is never edited. */
export const MIGRATIONS: (new () => MigrationInterface)[] = [InitialSchema1795340435168];
