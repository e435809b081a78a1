import type { CommentAngle } from '@leadpulse/common';
import {
  CLOSERS,
  NOT_ENGLISH_NOTES,
  OPENERS,
  TEMPLATES,
  type TemplateAngle,
} from './draft-templates.js';
import { readPost, type PostReading } from './post-reading.js';

/** LinkedIn's limit on a comment. */
export const COMMENT_MAX_LENGTH = 1250;

export interface WrittenDraft {
  angle: CommentAngle;
  text: string;
}

export interface OfflineWriteOptions {
  /** The member's recent drafts (the last 50): none is written again. */
  recent?: readonly string[];
  /** Varies the choice of wording; the same post, seed and history give the same drafts. */
  seed?: number;
}

const ANGLES: TemplateAngle[] = ['question', 'insight', 'example', 'fifth', 'resource'];

/** Compares drafts as a reader would: case, spacing and punctuation aside. */
export function sameDraft(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A small seeded generator (mulberry32), so drafts can be reproduced in tests. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function fill(template: string, reading: PostReading, phrase: string, other: string): string {
  const event = reading.event || 'this';
  return template
    .replaceAll('{T}', capital(phrase))
    .replaceAll('{t}', phrase)
    .replaceAll('{u}', other)
    .replaceAll('{E}', capital(event))
    .replaceAll('{e}', event)
    .replaceAll('{n}', reading.name ?? 'the team');
}

/** Cuts a draft at the last sentence end that fits LinkedIn's limit. */
function fit(text: string): string {
  if (text.length <= COMMENT_MAX_LENGTH) return text;
  const cut = text.slice(0, COMMENT_MAX_LENGTH);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('? '), cut.lastIndexOf('! '));
  return end > 0 ? cut.slice(0, end + 1) : `${cut.slice(0, COMMENT_MAX_LENGTH - 1)}…`;
}

/** The key phrase each angle talks about: different ones where the post gives several. */
function phraseFor(reading: PostReading, index: number): [string, string] {
  const { phrases } = reading;
  const phrase = phrases[index % Math.min(phrases.length, 2)];
  const other = phrases.find((p) => p !== phrase) ?? phrase;
  return [phrase, other];
}

/**
 * Five comment drafts for a post, one per angle: a question, an added insight, agreement with an
 * example, congratulations for good news (support for a loss, appreciation otherwise) and a
 * resource. Wording is drawn from openings, bodies and closings so that none repeats a recent one.
 */
export function writeOffline(postText: string, options: OfflineWriteOptions = {}): WrittenDraft[] {
  const reading = readPost(postText);
  const next = random(hash(postText) ^ (options.seed ?? 0));
  const taken = new Set((options.recent ?? []).map(sameDraft));
  const note = reading.english
    ? ''
    : NOT_ENGLISH_NOTES[Math.floor(next() * NOT_ENGLISH_NOTES.length)];
  const fifth: CommentAngle = reading.mood === 'good' ? 'congratulate' : 'support';

  return ANGLES.map((angle, index) => {
    const [phrase, other] = phraseFor(reading, index);
    const bodies = TEMPLATES[angle][reading.mood]
      .filter(
        (body) =>
          (!body.startsWith('JOB:') || reading.layoff === 'mine') &&
          (!body.startsWith('TEAM:') || reading.layoff === 'theirs') &&
          (!body.startsWith('HARD:') || reading.layoff === null),
      )
      .map((body) => body.replace(/^(JOB|TEAM|HARD):/, ''))
      .filter(
        (body) =>
          (!body.includes('{u}') || other !== phrase) &&
          (!body.includes('{n}') || reading.name !== null) &&
          (!body.includes('{T}') || phrase !== 'this'),
      );
    const candidates = shuffled(bodies, next).flatMap((body) =>
      shuffled(OPENERS[reading.mood], next).flatMap((opener) =>
        shuffled(CLOSERS[reading.mood], next).map((closer) =>
          fit(note + opener + fill(body, reading, phrase, other) + closer),
        ),
      ),
    );
    const text = candidates.find((candidate) => !taken.has(sameDraft(candidate))) ?? candidates[0];
    taken.add(sameDraft(text));
    return { angle: angle === 'fifth' ? fifth : angle, text };
  });
}
