/** The content page's rules (member-site.md sections 2 and 9). */
export const CONTENT_CATEGORIES = ['all', 'tech', 'business', 'marketing', 'productivity'] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];
export const DRAFT_PREVIEW_LENGTH = 100;
export const MAX_TAGS_SHOWN = 3;

export interface Feed {
  id: string;
  title: string;
  url: string;
  description: string;
  category: Exclude<ContentCategory, 'all'>;
  subscribers: number;
  lastUpdated: string;
  isSubscribed: boolean;
}

export interface Article {
  id: string;
  title: string;
  url: string;
  content: string;
  fullContent: string;
  publishedAt: string;
  feedTitle: string;
  imageUrl: string | null;
  read: boolean;
  author: string;
  tags: string[];
}

export interface Draft {
  id: string;
  title: string;
  content: string;
  type: 'text' | 'carousel' | 'poll';
  status: 'draft' | 'ready';
  createdAt: string;
}

export interface ScheduledPost {
  id: string;
  title: string;
  content: string;
  scheduledFor: string;
}

export function filterFeeds(feeds: Feed[], category: ContentCategory): Feed[] {
  return category === 'all' ? feeds : feeds.filter((feed) => feed.category === category);
}

export function visibleTags(tags: string[]): string[] {
  return tags.slice(0, MAX_TAGS_SHOWN);
}

export function draftPreview(content: string): string {
  return content.length > DRAFT_PREVIEW_LENGTH
    ? `${content.slice(0, DRAFT_PREVIEW_LENGTH)}…`
    : content;
}

export function canCreatePost(thoughts: string): boolean {
  return thoughts.trim().length > 0;
}
