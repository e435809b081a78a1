import OpenAI from 'openai';
import type { CommentAngle } from '@leadpulse/common';
import { COMMENT_MAX_LENGTH, sameDraft, type WrittenDraft } from './offline-writer.js';
import { readPost } from './post-reading.js';

export interface LlmSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

/** Why an answer could not be used; the message never carries the key or the answer. */
export class UnusableAnswer extends Error {}

/** No answer within the timeout. */
export class LlmTimedOut extends Error {}

const INSTRUCTIONS = `You write LinkedIn comments that the member will edit and post themselves.
For the post you are given, write five comments, one from each angle:
- "question": a thoughtful question about the post;
- "insight": an insight that adds to the post;
- "example": agreement with a short concrete example;
- "congratulate": congratulations, only when the post shares good news (a new role, a launch, a milestone);
  when it shares a layoff, a loss or other bad news, use "support" instead: a kind, supportive comment;
  when it shares neither, use "support" for a warm word of appreciation;
- "resource": a useful book, article, tool or practice that fits.
Sound like a thoughtful person, not a marketer: plain words, no hashtags, no emoji, at most three sentences each.
Each comment is at most ${COMMENT_MAX_LENGTH} characters. If the post is not in English, write in English and say in each comment that the post isn't in English.
Answer with a JSON object only: {"drafts":[{"angle":"question","text":"…"}, …]} with exactly five drafts.`;

/**
 * Writes the drafts through an OpenAI-compatible chat completions API. Throws on a timeout, an
 * error status or an answer of another shape; the caller falls back to the offline writer.
 */
export class LlmCommentWriter {
  private readonly client: OpenAI;

  constructor(private readonly settings: LlmSettings) {
    // One attempt within the timeout: a retry would keep the member waiting past it.
    this.client = new OpenAI({
      apiKey: settings.apiKey,
      baseURL: settings.baseUrl,
      timeout: settings.timeoutMs + 1_000,
      maxRetries: 0,
      logLevel: 'off',
    });
  }

  async write(postText: string, recent: readonly string[]): Promise<WrittenDraft[]> {
    // Our own deadline, so that a timeout is told apart from a refused connection in every runtime.
    const deadline = AbortSignal.timeout(this.settings.timeoutMs);
    const completion = await this.client.chat.completions
      .create(
        {
          model: this.settings.model,
          response_format: { type: 'json_object' },
          temperature: 0.8,
          messages: [
            { role: 'system', content: INSTRUCTIONS },
            { role: 'user', content: postText },
          ],
        },
        { signal: deadline },
      )
      .catch((error: unknown) => {
        if (deadline.aborted || error instanceof OpenAI.APIConnectionTimeoutError)
          throw new LlmTimedOut();
        throw error;
      });
    const content = completion.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new UnusableAnswer('no message content');
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new UnusableAnswer('content is not JSON');
    }
    return checkDrafts(parsed, postText, recent);
  }
}

/** The five drafts of a JSON answer, or UnusableAnswer when it has another shape. */
export function checkDrafts(
  answer: unknown,
  postText: string,
  recent: readonly string[],
): WrittenDraft[] {
  const drafts = (answer as { drafts?: unknown } | null)?.drafts;
  if (!Array.isArray(drafts) || drafts.length !== 5)
    throw new UnusableAnswer('drafts is not a list of five');
  const loss = readPost(postText).mood === 'loss';
  const fifth: CommentAngle[] = loss ? ['support'] : ['congratulate', 'support'];
  const wanted = new Set<string>(['question', 'insight', 'example', 'resource']);
  const taken = new Set(recent.map(sameDraft));
  const out = drafts.map((draft: unknown): WrittenDraft => {
    const { angle, text } = (draft ?? {}) as { angle?: unknown; text?: unknown };
    if (typeof angle !== 'string' || typeof text !== 'string' || !text.trim())
      throw new UnusableAnswer('a draft lacks its angle or text');
    if (!wanted.has(angle) && !fifth.includes(angle as CommentAngle))
      throw new UnusableAnswer(`unexpected angle ${angle.slice(0, 20)}`);
    const trimmed = text.trim();
    if (trimmed.length > COMMENT_MAX_LENGTH) throw new UnusableAnswer('a draft is too long');
    if (taken.has(sameDraft(trimmed))) throw new UnusableAnswer('a draft repeats a recent one');
    return { angle: angle as CommentAngle, text: trimmed };
  });
  const angles = new Set(out.map((draft) => draft.angle));
  if (angles.size !== 5 || ![...wanted].every((angle) => angles.has(angle as CommentAngle)))
    throw new UnusableAnswer('the five angles are not all there');
  return out;
}

/** A failure named for the log: its kind and status, never its message (it may echo the key). */
export function describeFailure(error: unknown): string {
  if (error instanceof UnusableAnswer) return `unusable answer (${error.message})`;
  if (error instanceof LlmTimedOut) return 'no answer within the timeout';
  if (error instanceof OpenAI.APIError)
    return `${error.constructor.name}${error.status ? ` ${error.status}` : ''}`;
  return error instanceof Error ? error.constructor.name : 'unknown error';
}
