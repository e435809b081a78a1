export * from './plans.js';
export * from './display.js';
export * from './health.js';
export * from './messages.js';
export * from './session-client.js';
export * from './phone.js';
export * from './admin.js';
export * from './audit.js';
export * from './api/auth.js';
export * from './api/members.js';
export * from './api/member-export.js';
export * from './api/billing.js';
export * from './api/health.js';
export * from './api/back-office.js';
export * from './api/back-office-requests.js';
export * from './api/logs.js';
export * from './api/errors.js';
export * from './api/founding.js';
export * from './api/newsletter.js';
export * from './api/site-config.js';
export * from './billing.js';
export * from './revenue.js';
export * from './api/leads.js';
export * from './site-routes.js';
export * from './api/comments.js';
export * from './api/lead-news.js';
export * from './api/automation.js';
export * from './leads/seniority.js';
export * from './leads/icp.js';
export * from './leads/signals.js';
export * from './leads/scoring.js';
export * from './leads/today.js';
export * from './leads/api.js';
export * from './leads/digest.js';
// Types only: the analytics rules load from '@leadpulse/common/analytics' (and the Welcome page's
// roadmap from '@leadpulse/common/roadmap'), so the site's shared chunk, which every page and the
// landing page load, does not carry them.
export type {
  Analytics,
  AnalyticsPeriod,
  AnalyticsQuery,
  FunnelEntry,
  FunnelStep,
  ReasonCount,
  ScoreBucket,
  WeeklySignals,
} from './api/analytics.js';
export * from './leads/csv-mapping.js';
