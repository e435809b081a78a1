import type {
  CommentDraft,
  CommentDrafts,
  CreateCommentDraftsRequest,
  Paged,
} from '@leadpulse/common';
import { api } from '../../api/client';

const draft = (id: string) => `/comment-drafts/${encodeURIComponent(id)}`;

export const commentsApi = {
  create: (body: CreateCommentDraftsRequest) =>
    api<CommentDrafts>('/comment-drafts', { method: 'POST', json: body, auth: true }),
  history: (page: number) =>
    api<Paged<CommentDrafts>>(`/comment-drafts?page=${page}&pageSize=10`, { auth: true }),
  mark: (id: string, status: 'used' | 'skipped') =>
    api<CommentDraft>(`${draft(id)}/${status}`, { method: 'POST', auth: true }),
};
