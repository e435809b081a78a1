/** The angles a comment draft takes; `support` replaces `congratulate` for a layoff or a loss. */
export const COMMENT_ANGLES = [
  'question',
  'insight',
  'example',
  'congratulate',
  'support',
  'resource',
] as const;
export type CommentAngle = (typeof COMMENT_ANGLES)[number];

export type CommentDraftStatus = 'used' | 'skipped';

export interface CommentDraft {
  id: string;
  angle: CommentAngle;
  text: string;
  status: CommentDraftStatus | null;
}

/** `POST /api/comment-drafts` and each entry of `GET /api/comment-drafts`. */
export interface CommentDrafts<TDate = string> {
  id: string;
  provider: 'offline' | 'llm';
  /** The configured writer failed and the offline writer wrote these instead. */
  fallback: boolean;
  post_text: string;
  post_url: string | null;
  lead_id: string | null;
  drafts: CommentDraft[];
  created_at: TDate;
}

/** The longest post the drafts are written for; LinkedIn posts are at most 3,000 characters. */
export const COMMENT_POST_MAX_LENGTH = 3000;

export const COMMENT_ERRORS = {
  comment_draft_not_found: 'We could not find that draft.',
} as const;

/** `POST /api/comment-drafts`: the post to comment on, and the lead who wrote it. */
export interface CreateCommentDraftsRequest {
  post_text: string;
  post_url?: string;
  lead_id?: string;
}
