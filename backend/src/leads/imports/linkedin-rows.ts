import { profileSlug, type SignalKind } from '@leadpulse/common';
import { parseExportDate } from './export-dates.js';
import type { LinkedInFile } from './linkedin-files.js';
import type { MyPostInput } from './my-post-rows.js';

/** A person a row names. */
export interface PersonInput {
  slug: string | null;
  email: string | null;
  first_name: string;
  last_name: string;
  company: string | null;
  position: string | null;
  location: string | null;
}

export interface SignalInput {
  kind: SignalKind;
  occurred_at: Date;
  /** What makes the signal itself, hashed into its dedupe key. */
  identity: string;
  detail: Record<string, unknown>;
}

/** One thing a row says about one person. */
export interface RowItem {
  person: PersonInput;
  /** The row states the person's current company and position (Connections.csv). */
  currentDetails: boolean;
  signal: SignalInput | null;
}

/** What a row gives, or why it was skipped. A row may give items and still report a problem. */
export interface RowOutcome {
  items: RowItem[];
  /** The member's own post, comment or reaction the row holds (Shares, Comments, Reactions.csv). */
  post?: MyPostInput;
  skipped?: string;
}

/** The member's own name and profile, to tell a message they sent from one they received. */
export interface Owner {
  name: string | null;
  slug: string | null;
}

const EXCERPT = 200;
const text = (value: string | undefined) => value?.trim() || '';
const orNull = (value: string | undefined) => text(value) || null;
const excerpt = (value: string | undefined) => {
  const body = text(value).replace(/\s+/g, ' ');
  return body.length > EXCERPT ? `${body.slice(0, EXCERPT - 1)}…` : body;
};

/** "Ada Lovelace" → first and last name (the last word is the last name). */
function splitName(full: string): [string, string] {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return [words[0] ?? '', ''];
  return [words.slice(0, -1).join(' '), words.at(-1)!];
}

function person(
  first: string,
  last: string,
  url?: string,
  extra: Partial<PersonInput> = {},
): PersonInput {
  return {
    slug: profileSlug(url),
    email: null,
    first_name: first.trim(),
    last_name: last.trim(),
    company: null,
    position: null,
    location: null,
    ...extra,
  };
}

const named = (item: PersonInput) =>
  !!(item.slug || item.email || item.first_name || item.last_name);

function dated(raw: string | undefined, column: string): Date | string {
  const date = parseExportDate(raw);
  return date ?? `${column}: the date “${text(raw).slice(0, 40)}” could not be read`;
}

/** Reads one row of a LinkedIn file into what it says about whom. */
export function readLinkedInRow(
  file: LinkedInFile,
  cells: Record<string, string>,
  owner: Owner,
): RowOutcome {
  switch (file) {
    case 'connections':
      return connection(cells);
    case 'messages':
      return message(cells, owner);
    case 'invitations':
      return invitation(cells);
    case 'endorsements':
      return endorsement(cells);
    case 'recommendations':
      return recommendation(cells);
    case 'profile':
    case 'shares':
    case 'comments':
    case 'reactions':
      return { items: [] };
  }
}

function connection(cells: Record<string, string>): RowOutcome {
  const lead = person(text(cells['first name']), text(cells['last name']), cells.url, {
    email: orNull(cells['email address'])?.toLowerCase() ?? null,
    company: orNull(cells.company),
    position: orNull(cells.position),
  });
  if (!named(lead)) return { items: [], skipped: 'No name or profile URL' };
  const date = dated(cells['connected on'], 'Connected On');
  if (typeof date === 'string')
    return { items: [{ person: lead, currentDetails: true, signal: null }], skipped: date };
  return {
    items: [
      {
        person: lead,
        currentDetails: true,
        signal: { kind: 'connected', occurred_at: date, identity: 'connected', detail: {} },
      },
    ],
  };
}

const isYes = (value: string | undefined) => /^(yes|true)$/i.test(text(value));
const isOwner = (name: string, slug: string | null, owner: Owner) =>
  (!!slug && slug === owner.slug) ||
  (!!owner.name && name.trim().toLowerCase() === owner.name.toLowerCase());

function message(cells: Record<string, string>, owner: Owner): RowOutcome {
  if (isYes(cells['is message draft']) || isYes(cells['is conversation draft']))
    return { items: [], skipped: 'A draft' };
  const date = dated(cells.date, 'DATE');
  if (typeof date === 'string') return { items: [], skipped: date };
  const from = text(cells.from);
  const senderSlug = profileSlug(cells['sender profile url']);
  const identity = [cells['conversation id'], cells.date, from, cells.content].join('\u0000');
  const detail = {
    conversation_id: orNull(cells['conversation id']),
    subject: orNull(cells.subject),
    excerpt: excerpt(cells.content) || null,
  };
  if (!isOwner(from, senderSlug, owner)) {
    const sender = person(...splitName(from), cells['sender profile url']);
    if (!named(sender)) return { items: [], skipped: 'No sender' };
    return {
      items: [
        {
          person: sender,
          currentDetails: false,
          signal: { kind: 'message_received', occurred_at: date, identity, detail },
        },
      ],
    };
  }
  // A message the member sent: a signal for each recipient (names and URLs side by side).
  const urls = text(cells['recipient profile urls'])
    .split(/[,\s]+/)
    .filter(Boolean);
  const names = text(cells.to)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const count = urls.length > 0 ? urls.length : names.length;
  const useNames = urls.length === 0 || names.length === urls.length;
  const items: RowItem[] = [];
  for (let index = 0; index < count; index++) {
    const recipient = person(...splitName(useNames ? names[index] : ''), urls[index]);
    if (
      !named(recipient) ||
      isOwner(`${recipient.first_name} ${recipient.last_name}`, recipient.slug, owner)
    )
      continue;
    items.push({
      person: recipient,
      currentDetails: false,
      signal: {
        kind: 'message_sent',
        occurred_at: date,
        identity: `${identity}\u0000${index}`,
        detail,
      },
    });
  }
  return items.length > 0 ? { items } : { items: [], skipped: 'No recipient' };
}

function invitation(cells: Record<string, string>): RowOutcome {
  const incoming = text(cells.direction).toUpperCase() === 'INCOMING';
  const date = dated(cells['sent at'], 'Sent At');
  if (typeof date === 'string') return { items: [], skipped: date };
  const other = incoming
    ? person(...splitName(text(cells.from)), cells.inviterprofileurl)
    : person(...splitName(text(cells.to)), cells.inviteeprofileurl);
  if (!named(other)) return { items: [], skipped: 'No name or profile URL' };
  return {
    items: [
      {
        person: other,
        currentDetails: false,
        signal: {
          kind: incoming ? 'invitation_received' : 'invitation_sent',
          occurred_at: date,
          identity: [cells.direction, cells['sent at'], cells.from, cells.to].join('\u0000'),
          detail: { message: excerpt(cells.message) || null },
        },
      },
    ],
  };
}

function endorsement(cells: Record<string, string>): RowOutcome {
  if (/^(rejected|hidden)$/i.test(text(cells['endorsement status'])))
    return { items: [], skipped: 'An endorsement the member declined' };
  const date = dated(cells['endorsement date'], 'Endorsement Date');
  if (typeof date === 'string') return { items: [], skipped: date };
  const endorser = person(
    text(cells['endorser first name']),
    text(cells['endorser last name']),
    cells['endorser public url'],
  );
  if (!named(endorser)) return { items: [], skipped: 'No endorser' };
  const skill = text(cells['skill name']);
  return {
    items: [
      {
        person: endorser,
        currentDetails: false,
        signal: {
          kind: 'endorsement',
          occurred_at: date,
          identity: `${skill}\u0000${cells['endorsement date']}`,
          detail: { skill },
        },
      },
    ],
  };
}

function recommendation(cells: Record<string, string>): RowOutcome {
  const date = dated(cells['creation date'], 'Creation Date');
  if (typeof date === 'string') return { items: [], skipped: date };
  const author = person(text(cells['first name']), text(cells['last name']), undefined, {
    company: orNull(cells.company),
    position: orNull(cells['job title']),
  });
  if (!named(author)) return { items: [], skipped: 'No name' };
  return {
    items: [
      {
        person: author,
        currentDetails: false,
        signal: {
          kind: 'recommendation',
          occurred_at: date,
          identity: text(cells['creation date']),
          detail: { excerpt: excerpt(cells.text) || null },
        },
      },
    ],
  };
}
