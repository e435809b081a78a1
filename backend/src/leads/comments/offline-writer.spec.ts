import { COMMENT_MAX_LENGTH, sameDraft, writeOffline } from './offline-writer.js';
import { readPost } from './post-reading.js';
import { TEST_POSTS } from './test-posts.js';

describe('writeOffline', () => {
  it('has fifty varied posts to write for', () => {
    expect(TEST_POSTS).toHaveLength(50);
    for (const kind of ['good', 'loss', 'neutral', 'foreign'])
      expect(TEST_POSTS.filter((post) => post.kind === kind).length).toBeGreaterThan(4);
  });

  it.each(TEST_POSTS.map((post) => [post.kind, post.text]))(
    'writes five drafts from five angles for a %s post: %s',
    (kind, text) => {
      const drafts = writeOffline(text);
      expect(drafts).toHaveLength(5);
      expect(new Set(drafts.map((d) => d.angle)).size).toBe(5);
      expect(new Set(drafts.map((d) => sameDraft(d.text))).size).toBe(5);
      for (const draft of drafts) {
        expect(draft.text.length).toBeGreaterThan(20);
        expect(draft.text.length).toBeLessThanOrEqual(COMMENT_MAX_LENGTH);
        expect(draft.text).not.toMatch(/\{[a-zA-Z]\}/);
      }
      const angles = drafts.map((d) => d.angle);
      expect(angles).toEqual(
        expect.arrayContaining(['question', 'insight', 'example', 'resource']),
      );
      if (kind === 'good') expect(angles).toContain('congratulate');
      if (kind === 'loss' || kind === 'neutral') {
        expect(angles).toContain('support');
        expect(angles).not.toContain('congratulate');
      }
      if (kind === 'loss') for (const draft of drafts) expect(draft.text).not.toMatch(/congrat/i);
      if (kind === 'foreign')
        for (const draft of drafts) expect(draft.text).toMatch(/isn’t in English/);
      else for (const draft of drafts) expect(draft.text).not.toMatch(/isn’t in English/);
    },
  );

  it('reads layoffs and losses as losses, even when the post also sounds upbeat', () => {
    for (const post of TEST_POSTS.filter((p) => p.kind === 'loss'))
      expect(readPost(post.text).mood).toBe('loss');
    expect(readPost('Excited to share I was laid off and I am launching a podcast').mood).toBe(
      'loss',
    );
  });

  it('reads key phrases from the post', () => {
    const reading = readPost(TEST_POSTS[22].text);
    expect(reading.phrases.join(' ')).toMatch(/leads|sales teams/);
    const drafts = writeOffline(TEST_POSTS[27].text);
    expect(drafts.some((d) => /landing page|headline|proof/i.test(d.text))).toBe(true);
  });

  it('tells a layoff the author went through from one they had to make, and a loss from both', () => {
    expect(readPost('After 6 years I was laid off yesterday. Open to roles.').layoff).toBe('mine');
    const employer =
      'Today was hard. We had to let go of 40 colleagues as we restructure. I am here to help with intros.';
    expect(readPost(employer).layoff).toBe('theirs');
    expect(readPost('My father passed away last week.').layoff).toBeNull();
    const jobSeeking = /recruiter|CV|Open to Work|target list|introductions to\?/i;
    for (let seed = 0; seed < 20; seed++) {
      for (const draft of writeOffline(employer, { seed }))
        expect(draft.text).not.toMatch(jobSeeking);
      for (const draft of writeOffline('My father passed away last week. He taught me kindness.', {
        seed,
      }))
        expect(draft.text).not.toMatch(/recruiter|CV|talent|felt final|next step|hiring/i);
    }
  });

  it('reads what a post is about, not its framing or its pronouns', () => {
    const hiring = readPost(
      "We're hiring! Looking for two senior backend engineers who love Postgres. DM me.",
    );
    expect(hiring.phrases[0]).toBe('senior backend engineers');
    expect(hiring.phrases).not.toContain("we're");
    const opinion = readPost(
      "Unpopular opinion: cold outreach isn't dead, lazy outreach is. Personalisation beyond the first name is the whole game.",
    );
    expect(opinion.phrases[0]).toBe('cold outreach');
    expect(opinion.phrases).not.toContain('unpopular opinion');
  });

  it('repeats none of the member’s last fifty drafts', () => {
    for (const post of TEST_POSTS) {
      const recent: string[] = [];
      for (let round = 0; round < 10; round++) {
        const drafts = writeOffline(post.text, { recent: recent.slice(-50) });
        const last50 = new Set(recent.slice(-50).map(sameDraft));
        for (const draft of drafts) expect(last50.has(sameDraft(draft.text))).toBe(false);
        recent.push(...drafts.map((d) => d.text));
      }
    }
  });

  it('gives the same drafts for the same post, seed and history, and others for another seed', () => {
    const text = TEST_POSTS[0].text;
    expect(writeOffline(text, { seed: 7 })).toEqual(writeOffline(text, { seed: 7 }));
    const a = writeOffline(text, { seed: 1 }).map((d) => d.text);
    const b = writeOffline(text, { seed: 2 }).map((d) => d.text);
    expect(a).not.toEqual(b);
  });

  it('keeps every draft within LinkedIn’s limit for a very long post', () => {
    const long = `${'Enterprise procurement workflows and vendor onboarding '.repeat(60)}?`;
    for (const draft of writeOffline(long))
      expect(draft.text.length).toBeLessThanOrEqual(COMMENT_MAX_LENGTH);
  });
});
