/**
 * The "What's Coming" items of member-site.md section 2. When each is expected is configuration:
 * a feature gets a date here ("Q3 2026") once it is planned, and shows "Coming Soon" until then,
 * so the page never announces a date that has passed.
 */
export const COMING_SOON = 'Coming Soon';

export const ROADMAP_FEATURES = [
  {
    title: 'LinkedIn Profile Monitoring',
    description: 'Follow engagement on the profiles of your target prospects.',
  },
  { title: 'AI Lead Scoring', description: 'Scores 0-100 by your ideal customer profile.' },
  {
    title: 'Personalized Comment Generation',
    description: 'Gives 5 comments tailored to each post.',
  },
  { title: 'Dream Lead Tracker', description: 'Keep your most wanted prospects in one place.' },
  { title: 'Analytics Dashboard', description: 'See what turns engagement into conversations.' },
  { title: 'Automation Engine', description: 'Let routine outreach run on its own.' },
] as const;

export type RoadmapFeature = (typeof ROADMAP_FEATURES)[number]['title'];

/** The planned dates, by feature title; none is planned yet. */
export const ROADMAP_DATES: Partial<Record<RoadmapFeature, string>> = {};

/** The roadmap as shown: each feature with its planned date, or "Coming Soon". */
export function roadmap(dates: Partial<Record<RoadmapFeature, string>> = ROADMAP_DATES) {
  return ROADMAP_FEATURES.map((feature) => ({
    ...feature,
    eta: dates[feature.title]?.trim() || COMING_SOON,
  }));
}
