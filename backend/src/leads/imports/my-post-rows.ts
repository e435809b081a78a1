import type { MyPostKind } from '@leadpulse/common';
import { parseExportDate } from './export-dates.js';
import type { LinkedInFile } from './linkedin-files.js';

/** The longest text kept of a post or a comment (LinkedIn allows 3,000 characters in a post). */
export const MY_POST_TEXT = 3000;

/** One of the member's own posts, comments or reactions, on its way to `my_posts`. */
export interface MyPostInput {
  kind: MyPostKind;
  occurred_at: Date;
  url: string | null;
  text: string | null;
  /** What makes the entry itself, hashed into its dedupe key. */
  identity: string;
}

export type MyPostOutcome = { post: MyPostInput } | { skipped: string };

const text = (value: string | undefined) => value?.trim() || '';
const link = (value: string | undefined) => {
  const url = text(value);
  return /^https?:\/\//i.test(url) ? url.slice(0, 2048) : null;
};

/** Reads one row of Shares.csv, Comments.csv or Reactions.csv. */
export function readMyPostRow(
  file: Extract<LinkedInFile, 'shares' | 'comments' | 'reactions'>,
  cells: Record<string, string>,
): MyPostOutcome {
  const occurredAt = parseExportDate(cells.date);
  if (!occurredAt)
    return { skipped: `Date: the date “${text(cells.date).slice(0, 40)}” could not be read` };
  const kind: MyPostKind =
    file === 'shares' ? 'post' : file === 'comments' ? 'comment' : 'reaction';
  const url = link(file === 'shares' ? cells.sharelink : cells.link);
  const body =
    file === 'shares'
      ? text(cells.sharecommentary)
      : file === 'comments'
        ? text(cells.message)
        : text(cells.type).toUpperCase();
  if (!url && !body) return { skipped: 'No link and no text' };
  return {
    post: {
      kind,
      occurred_at: occurredAt,
      url,
      text: body ? body.slice(0, MY_POST_TEXT) : null,
      identity: [text(cells.date), url ?? '', body].join('\u0000'),
    },
  };
}
