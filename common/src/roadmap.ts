/**
 * The Welcome page's "What's Coming" grid (member-site.md section 2, LEADS.md "Screens"): each
 * capability says what it does with the member's own data; a built one is live and links to its
 * page, the others show their planned date ("Q3 2026") once planned, else "Coming Soon", so the
 * page never announces a date that has passed.
 */
import { isSitePath } from './site-routes.js';

export const COMING_SOON = 'Coming Soon';
export const LIVE = 'Live';

export const ROADMAP_FEATURES = [
  {
    title: 'LinkedIn Export Import',
    description:
      'Bring in your connections, messages, invitations and endorsements from the copy of your data LinkedIn gives you, or leads from any CSV.',
    to: '/dashboard/imports',
    live: true,
  },
  {
    title: 'Leads and Timelines',
    description:
      'Every lead in one searchable list, with what happened between you, notes and tasks, newest first.',
    to: '/dashboard/leads',
    live: true,
  },
  {
    title: 'Dream Lead Tracker',
    description: 'Track your most wanted leads by stage, from new to won.',
    to: '/dashboard/pipeline',
    live: true,
  },
  {
    title: 'Lead Monitoring',
    description:
      'Watch your key leads closely: their new signals and job changes come first in Today, with the next step to take.',
    to: '/dashboard/today',
    live: true,
  },
  {
    title: 'AI Lead Scoring',
    description:
      'Scores 0-100 by your ideal customer profile and the signals in your data, with the reason behind every point.',
    to: '/dashboard/icp',
    live: true,
  },
  {
    title: 'Personalized Comment Generation',
    description: 'Five comment drafts for a post you paste in; you pick one and post it yourself.',
    to: '/dashboard/comments',
    live: true,
  },
  {
    title: 'Analytics Dashboard',
    description: 'Your funnel from lead to won, and the signals that led there.',
    to: '/dashboard/analytics',
    live: true,
  },
  {
    title: 'Automation Engine',
    description:
      'Rules that create tasks, move stages and e-mail you when your leads show new signals.',
    to: '/dashboard/automation',
    live: true,
  },
  {
    title: 'Daily Digest',
    description:
      'An e-mail at 08:00 your time with the leads worth a touch today and the tasks due, when there is something to say.',
    to: '/dashboard/settings?tab=notifications',
    live: true,
  },
] as const;

export type RoadmapFeature = (typeof ROADMAP_FEATURES)[number]['title'];

/** The planned dates, by feature title; none is planned yet. */
export const ROADMAP_DATES: Partial<Record<RoadmapFeature, string>> = {};

/** Whether the site has the page a capability links to (its path without the query). */
function hasPage(to: string): boolean {
  return isSitePath(to.split('?')[0]);
}

/**
 * The roadmap as shown: each built feature whose page the site has is live; the others show their
 * planned date or "Coming Soon".
 */
export function roadmap(dates: Partial<Record<RoadmapFeature, string>> = ROADMAP_DATES) {
  return ROADMAP_FEATURES.map((feature) => {
    const live = feature.live && hasPage(feature.to);
    return { ...feature, live, eta: live ? LIVE : dates[feature.title]?.trim() || COMING_SOON };
  });
}
