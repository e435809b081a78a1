import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { BatchCounts, PostBatchItem } from './lead-importer.js';
import type { WriteContext } from './lead-writer.js';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** The key that makes one post, comment or reaction of the member's once per workspace. */
export const myPostKey = (post: Pick<PostBatchItem, 'kind' | 'identity'>) =>
  `${post.kind}:${sha1(post.identity)}`;

/**
 * Keeps the member's own posts, comments and reactions of a batch in one set-based insert; the
 * same entry again (a second import of the archive) is left as it is. Adds to `counts`.
 */
export async function writeMyPosts(
  manager: EntityManager,
  context: WriteContext,
  posts: PostBatchItem[],
  counts: BatchCounts,
): Promise<void> {
  if (posts.length === 0) return;
  const unique = new Map(posts.map((post) => [myPostKey(post), post]));
  const rows = [...unique.entries()];
  const added = (await manager.query(
    `INSERT INTO my_posts (workspace_id, kind, occurred_at, url, text, source, dedupe_key)
     SELECT $1, u.kind, u.occurred_at, u.url, u.text, $2, u.key
       FROM unnest($3::varchar[], $4::timestamptz[], $5::varchar[], $6::text[], $7::varchar[])
            AS u(kind, occurred_at, url, text, key)
     ON CONFLICT (workspace_id, dedupe_key) DO NOTHING
     RETURNING dedupe_key`,
    [
      context.workspaceId,
      `import:${context.importId}`,
      rows.map(([, post]) => post.kind),
      rows.map(([, post]) => post.occurred_at),
      rows.map(([, post]) => post.url),
      rows.map(([, post]) => post.text),
      rows.map(([key]) => key),
    ],
  )) as { dedupe_key: string }[];
  for (const { dedupe_key: key } of added) {
    const file = unique.get(key)!.file;
    const entry = counts.get(file) ?? {
      leads_created: 0,
      leads_updated: 0,
      signals_added: 0,
      posts_added: 0,
    };
    entry.posts_added = (entry.posts_added ?? 0) + 1;
    counts.set(file, entry);
  }
}
