import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SITE_ROUTES, isSitePath } from '@leadpulse/common';
import { routes } from './routes';

/** Every path the route table gives a page, children resolved against their parents. */
function pagePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.path?.startsWith('/')
      ? route.path
      : [parent, route.path].filter(Boolean).join('/');
    const own = route.index || !route.children ? [path || parent] : [path];
    return [...own, ...pagePaths(route.children ?? [], path)];
  });
}

describe('the site route table', () => {
  it('has a page at each path the server knows, and at no other', () => {
    expect(new Set(pagePaths(routes))).toEqual(new Set(Object.values(SITE_ROUTES)));
    for (const path of pagePaths(routes)) expect(isSitePath(path)).toBe(true);
  });

  it('ends with the not-found page for every other path', () => {
    expect(routes.at(-1)?.path).toBe('*');
  });
});
