import { describe, expect, it } from 'vitest';
import { SAMPLE_FEEDS } from './sample-content';
import { canCreatePost, draftPreview, filterFeeds, visibleTags } from './content-rules';

describe('content rules', () => {
  it('filters feeds by category, all showing every feed', () => {
    expect(filterFeeds(SAMPLE_FEEDS, 'all')).toHaveLength(SAMPLE_FEEDS.length);
    const tech = filterFeeds(SAMPLE_FEEDS, 'tech');
    expect(tech.length).toBeGreaterThan(0);
    expect(tech.every((feed) => feed.category === 'tech')).toBe(true);
  });

  it('shows at most 3 tags', () => {
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c']);
    expect(visibleTags(['a'])).toEqual(['a']);
  });

  it('previews a draft in 100 characters', () => {
    expect(draftPreview('x'.repeat(100))).toBe('x'.repeat(100));
    expect(draftPreview('x'.repeat(150))).toBe(`${'x'.repeat(100)}…`);
  });

  it('allows Create Post only with some thoughts', () => {
    expect(canCreatePost('')).toBe(false);
    expect(canCreatePost('   \n\t')).toBe(false);
    expect(canCreatePost(' idea ')).toBe(true);
  });
});
