import { describe, expect, it } from 'vitest';
import { isSitePath, SITE_ROUTES } from './site-routes.js';

describe('isSitePath', () => {
  it.each([
    ...Object.values(SITE_ROUTES),
    '/dashboard/',
    '/Dashboard/Settings',
    '/terms/',
    '/dashboard/leads/3f1c2a9e-0000-4000-8000-000000000000',
  ])('knows %s', (path) => expect(isSitePath(path)).toBe(true));

  it.each([
    '/no/such/page',
    '/dashboard/nope',
    '/dashboard//',
    '/terms/x',
    '/dashboard/leads//',
    '/dashboard/leads/1/notes',
    '/constructor',
    '/__proto__',
    '',
  ])('does not know %s', (path) => expect(isSitePath(path)).toBe(false));
});
