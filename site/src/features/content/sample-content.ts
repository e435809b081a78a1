import type { Article, Draft, Feed, ScheduledPost } from './content-rules';

/** Sample content: the source of real feeds is not part of this build. */
export const SAMPLE_FEEDS: Feed[] = [
  {
    id: 'f1',
    title: 'SaaS Sales Weekly',
    url: 'https://example.com/saas-sales',
    description: 'Tactics from teams selling software.',
    category: 'business',
    subscribers: 12400,
    lastUpdated: '2026-11-20',
    isSubscribed: true,
  },
  {
    id: 'f2',
    title: 'The AI Builder',
    url: 'https://example.com/ai-builder',
    description: 'What is new in applied AI, every week.',
    category: 'tech',
    subscribers: 30800,
    lastUpdated: '2026-11-21',
    isSubscribed: false,
  },
  {
    id: 'f3',
    title: 'Demand Gen Notes',
    url: 'https://example.com/demand-gen',
    description: 'Campaigns, channels and what converts.',
    category: 'marketing',
    subscribers: 8700,
    lastUpdated: '2026-11-19',
    isSubscribed: false,
  },
  {
    id: 'f4',
    title: 'Deep Work Daily',
    url: 'https://example.com/deep-work',
    description: 'Short reads on focus and routines.',
    category: 'productivity',
    subscribers: 15200,
    lastUpdated: '2026-11-21',
    isSubscribed: false,
  },
  {
    id: 'f5',
    title: 'Cloud Native Digest',
    url: 'https://example.com/cloud-native',
    description: 'Infrastructure trends for technical buyers.',
    category: 'tech',
    subscribers: 9900,
    lastUpdated: '2026-11-18',
    isSubscribed: false,
  },
];

export const SAMPLE_ARTICLES: Article[] = [
  {
    id: 'a1',
    title: 'Why social selling beats cold email in 2026',
    url: 'https://example.com/a1',
    content: 'Buyers research long before they talk to sales. Engagement is the new signal.',
    fullContent:
      'Buyers research long before they talk to sales. Engagement is the new signal, and the teams who watch it win.',
    publishedAt: '2026-11-20',
    feedTitle: 'SaaS Sales Weekly',
    imageUrl: null,
    read: false,
    author: 'Maya Chen',
    tags: ['sales', 'social selling', 'prospecting', 'email', 'strategy'],
  },
  {
    id: 'a2',
    title: 'Scoring leads with small language models',
    url: 'https://example.com/a2',
    content: 'You do not need a giant model to rank prospects by fit.',
    fullContent:
      'You do not need a giant model to rank prospects by fit; a small one and good features go far.',
    publishedAt: '2026-11-19',
    feedTitle: 'The AI Builder',
    imageUrl: null,
    read: true,
    author: 'Sam Ortiz',
    tags: ['ai', 'lead scoring'],
  },
  {
    id: 'a3',
    title: 'Three comment formulas that start conversations',
    url: 'https://example.com/a3',
    content: 'Add a number, ask a question, or share a story.',
    fullContent:
      'Add a number, ask a question, or share a story: three ways to comment that get replies.',
    publishedAt: '2026-11-18',
    feedTitle: 'Demand Gen Notes',
    imageUrl: null,
    read: false,
    author: 'Priya Nair',
    tags: ['engagement', 'copywriting', 'linkedin', 'growth'],
  },
];

export const SAMPLE_DRAFTS: Draft[] = [
  {
    id: 'd1',
    title: 'What 100 discovery calls taught me',
    content:
      'After a hundred discovery calls this quarter, the pattern is clear: the best calls start with something the prospect said publicly, not with our pitch.',
    type: 'text',
    status: 'ready',
    createdAt: '2026-11-20',
  },
  {
    id: 'd2',
    title: '5 signals a prospect is ready to talk',
    content:
      'Slide 1: They comment on competitors. Slide 2: They change roles. Slide 3: They hire for the team you sell to.',
    type: 'carousel',
    status: 'draft',
    createdAt: '2026-11-19',
  },
  {
    id: 'd3',
    title: 'How do you qualify inbound leads?',
    content: 'BANT, MEDDIC, or gut feeling?',
    type: 'poll',
    status: 'draft',
    createdAt: '2026-11-18',
  },
];

export const SAMPLE_SCHEDULED: ScheduledPost[] = [
  {
    id: 's1',
    title: 'Monday motivation for SDRs',
    content: 'Your pipeline is built on Mondays.',
    scheduledFor: '2026-11-24T09:00:00Z',
  },
  {
    id: 's2',
    title: 'Case study: from like to meeting',
    content: 'How one comment turned into a signed deal.',
    scheduledFor: '2026-11-26T15:30:00Z',
  },
];
