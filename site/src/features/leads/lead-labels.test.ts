import { describe, expect, it } from 'vitest';
import { detailLines } from './lead-labels';

describe('detailLines', () => {
  it('says a job change as was and now, and a post link as a link', () => {
    expect(
      detailLines({
        from: { company: 'Acme', position: 'CTO' },
        to: { company: 'Globex', position: null },
        post_url: 'https://www.linkedin.com/posts/x',
      }),
    ).toEqual({
      lines: [
        { label: 'Was', text: 'CTO at Acme' },
        { label: 'Now', text: 'Globex' },
      ],
      links: [{ label: 'Open the post', href: 'https://www.linkedin.com/posts/x' }],
    });
  });

  it('names text values, leaves out identifiers, empty values and links that are not web links', () => {
    expect(
      detailLines({
        conversation_id: 'c-1',
        excerpt: 'Hello',
        skill: '',
        note: 'Met at a fair',
        link: 'javascript:alert(1)',
      }),
    ).toEqual({
      lines: [
        { label: 'Excerpt', text: 'Hello' },
        { label: 'Note', text: 'Met at a fair' },
      ],
      links: [],
    });
  });
});
