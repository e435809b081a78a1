import {
  archive,
  COMMENTS_HEADER,
  CONNECTIONS_HEADER,
  csv,
  profileUrl,
  REACTIONS_HEADER,
  scratchFolder,
  SHARES_HEADER,
} from '../../../test/support/linkedin-export.js';
import {
  LeadImporter,
  type BatchItem,
  type ImportSink,
  type PostBatchItem,
} from './lead-importer.js';
import { linkedInFileOf, linkedInFileOfHeader } from './linkedin-files.js';
import { myPostKey } from './my-posts-writer.js';
import { readMyPostRow } from './my-post-rows.js';

/** A sink that keeps what the importer hands it, and counts each post as kept. */
function collector() {
  const items: BatchItem[] = [];
  const posts: PostBatchItem[] = [];
  const sink: ImportSink = {
    write: async (batch, kept) => {
      items.push(...batch);
      posts.push(...kept);
      const counts = new Map();
      for (const post of kept) {
        const entry = counts.get(post.file) ?? {
          leads_created: 0,
          leads_updated: 0,
          signals_added: 0,
          posts_added: 0,
        };
        entry.posts_added += 1;
        counts.set(post.file, entry);
      }
      return counts;
    },
    progress: async () => undefined,
  };
  return { items, posts, sink };
}

const folder = scratchFolder();
const POST = 'https://www.linkedin.com/feed/update/urn:li:activity:7160000000000000001/';
const OTHER = 'https://www.linkedin.com/feed/update/urn:li:activity:7160000000000000002/';

const shares = csv(
  SHARES_HEADER,
  [
    [
      '2026-02-08 14:37:00',
      POST,
      'We closed our "best" quarter 🎉\nThree lessons on pipeline reviews:\n1. Ask why',
      '',
      '',
      'MEMBER_NETWORK',
    ],
    ['', '', '', '', '', ''],
    ['yesterday', OTHER, 'A post with a date nobody can read', '', '', 'PUBLIC'],
    ['2026-01-02 09:00:00', '', '', '', '', 'PUBLIC'],
  ],
  { bom: true, crlf: true },
);
const comments = csv(
  COMMENTS_HEADER,
  [
    ['2026-02-09 10:00:00', OTHER, 'He said "yes", twice — 素晴らしい'],
    ['2026-02-10 11:30:00', POST, 'Thanks all,\nreplying to each of you'],
  ],
  { backslashEscapes: true, crlf: true },
);
const reactions = csv(REACTIONS_HEADER, [
  ['2026-02-11 08:00:00', 'PRAISE', OTHER],
  ['2026-02-11 08:05:00', 'LIKE', POST],
]);

const run = async (path: string, fileName = 'export.zip', zip = true) => {
  const { items, posts, sink } = collector();
  const counts = await new LeadImporter(sink).run({ path, fileName, zip, mapping: null });
  return { items, posts, counts };
};

describe("the member's own posts, comments and reactions", () => {
  it('knows Shares, Comments and Reactions by name (suffix and folder included) and by header', () => {
    expect(linkedInFileOf('Basic_LinkedInDataExport/Comments_997361.csv')).toBe('comments');
    expect(linkedInFileOf('Shares.csv')).toBe('shares');
    expect(linkedInFileOf('Reactions.csv')).toBe('reactions');
    expect(linkedInFileOfHeader(SHARES_HEADER)).toBe('shares');
    expect(linkedInFileOfHeader(COMMENTS_HEADER)).toBe('comments');
    expect(linkedInFileOfHeader(REACTIONS_HEADER)).toBe('reactions');
  });

  it('keeps them as my_posts (never as leads), through a BOM, CRLF, multi-line fields and \\" escapes, and reports what it skipped', async () => {
    const path = await archive(folder, 'posts.zip', [
      { name: 'Shares.csv', content: shares },
      { name: 'Basic_LinkedInDataExport/Comments_997361.csv', content: comments },
      { name: 'Reactions.csv', content: reactions },
      {
        name: 'Connections.csv',
        content: csv(CONNECTIONS_HEADER, [
          ['Ada', 'Lovelace', profileUrl('ada'), '', 'Analytical', 'Engineer', '08 Feb 2026'],
        ]),
      },
    ]);
    const { items, posts, counts } = await run(path);
    expect(items.map((item) => item.person.slug)).toEqual(['ada']);
    expect(posts.map(({ kind, url, text, file }) => ({ kind, url, text, file }))).toEqual([
      {
        kind: 'post',
        url: POST,
        text: 'We closed our "best" quarter 🎉\nThree lessons on pipeline reviews:\n1. Ask why',
        file: 'Shares.csv',
      },
      {
        kind: 'comment',
        url: OTHER,
        text: 'He said "yes", twice — 素晴らしい',
        file: 'Comments_997361.csv',
      },
      {
        kind: 'comment',
        url: POST,
        text: 'Thanks all,\nreplying to each of you',
        file: 'Comments_997361.csv',
      },
      { kind: 'reaction', url: OTHER, text: 'PRAISE', file: 'Reactions.csv' },
      { kind: 'reaction', url: POST, text: 'LIKE', file: 'Reactions.csv' },
    ]);
    expect(posts[0].occurred_at.toISOString()).toBe('2026-02-08T14:37:00.000Z');
    expect(counts['Shares.csv']).toEqual({
      rows: 3,
      leads_created: 0,
      leads_updated: 0,
      signals_added: 0,
      posts_added: 1,
      skipped: 2,
      skipped_examples: [
        { line: 6, reason: 'Date: the date “yesterday” could not be read' },
        { line: 7, reason: 'No link and no text' },
      ],
    });
    expect(counts['Comments_997361.csv']).toMatchObject({ rows: 2, posts_added: 2, skipped: 0 });
    expect(counts['Reactions.csv']).toMatchObject({ rows: 2, posts_added: 2, skipped: 0 });
    expect(counts['Connections.csv'].posts_added).toBeUndefined();
  });

  it('gives each entry one dedupe key, the same in every import of the same archive', async () => {
    const path = await archive(folder, 'twice.zip', [
      { name: 'Shares.csv', content: shares },
      { name: 'Comments.csv', content: comments },
      { name: 'Reactions.csv', content: reactions },
    ]);
    const first = (await run(path)).posts.map(myPostKey);
    const second = (await run(path)).posts.map(myPostKey);
    expect(second).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
  });

  it('reads a lone Comments.csv by its layout, \\" escapes included', async () => {
    const path = `${folder}/Comments.csv`;
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path, comments);
    const { posts, counts } = await run(path, 'Comments.csv', false);
    expect(posts.map((post) => post.text)).toEqual([
      'He said "yes", twice — 素晴らしい',
      'Thanks all,\nreplying to each of you',
    ]);
    expect(counts['Comments.csv'].posts_added).toBe(2);
  });

  it('keeps a reaction type in capitals and refuses a link that is not a web address', () => {
    const outcome = readMyPostRow('reactions', {
      date: '2026-02-11 08:00:00',
      type: 'like',
      link: 'javascript:alert(1)',
    });
    expect(outcome).toMatchObject({ post: { kind: 'reaction', url: null, text: 'LIKE' } });
  });
});
