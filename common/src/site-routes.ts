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
  dashboardToday: '/dashboard/today',
  dashboardLeads: '/dashboard/leads',
  dashboardLead: '/dashboard/leads/:id',
  dashboardImports: '/dashboard/imports',
  dashboardComments: '/dashboard/comments',
  dashboardAnalytics: '/dashboard/analytics',
  dashboardAutomation: '/dashboard/automation',
  dashboardPipeline: '/dashboard/pipeline',
  dashboardIcp: '/dashboard/icp',
  dashboardTasks: '/dashboard/tasks',
  dashboardContent: '/dashboard/content',
  dashboardSettings: '/dashboard/settings',
} as const;

export type SitePath = (typeof SITE_ROUTES)[keyof typeof SITE_ROUTES];

const KNOWN = new Set<string>(Object.values(SITE_ROUTES).filter((path) => !path.includes(':')));
/** Paths with a `:param` segment, which matches any one non-empty segment. */
const PATTERNS = Object.values(SITE_ROUTES)
  .filter((path) => path.includes(':'))
  .map((path) => path.split('/'));

function matchesPattern(segments: string[], pattern: string[]): boolean {
  return (
    segments.length === pattern.length &&
    pattern.every(
      (part, index) => (part.startsWith(':') && segments[index] !== '') || part === segments[index],
    )
  );
}

/**
 * Whether the site has a page at this path (no query). Matches as the site's router does: case
 * does not count, and one trailing slash is the same page.
 */
export function isSitePath(path: string): boolean {
  const lower = path.toLowerCase();
  const page = lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
  if (KNOWN.has(page)) return true;
  const segments = page.split('/');
  return PATTERNS.some((pattern) => matchesPattern(segments, pattern));
}
