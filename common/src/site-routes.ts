/**
 * The member site's pages: the site's router is built from these paths and the server answers
 * any other path with the not-found page and status 404, so neither can know a page the other
 * does not.
 */
export const SITE_ROUTES = {
  landing: '/',
  confirmEmail: '/confirm-email',
  foundingSuccess: '/founding-member-success',
  setupPassword: '/setup-password',
  newsletterConfirm: '/newsletter/confirm',
  unsubscribe: '/unsubscribe',
  terms: '/terms',
  privacy: '/privacy',
  dashboard: '/dashboard',
  dashboardContent: '/dashboard/content',
  dashboardSettings: '/dashboard/settings',
} as const;

export type SitePath = (typeof SITE_ROUTES)[keyof typeof SITE_ROUTES];

const KNOWN = new Set<string>(Object.values(SITE_ROUTES));

/**
 * Whether the site has a page at this path (no query). Matches as the site's router does: case
 * does not count, and one trailing slash is the same page.
 */
export function isSitePath(path: string): boolean {
  const lower = path.toLowerCase();
  return KNOWN.has(lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower);
}
