import { describe, expect, it } from 'vitest';
import { isSitePath, SITE_ROUTES } from './site-routes.js';

describe('isSitePath', () => {
  it.each([...Object.values(SITE_ROUTES), '/dashboard/', '/Dashboard/Settings', '/terms/'])(
    'knows %s',
    (path) => expect(isSitePath(path)).toBe(true),
  );

  it.each([
    '/no/such/page',
    '/dashboard/nope',
    '/dashboard//',
    '/terms/x',
    '/constructor',
    '/__proto__',
    '',
  ])('does not know %s', (path) => expect(isSitePath(path)).toBe(false));
});
