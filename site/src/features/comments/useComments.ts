import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { leadKeys } from '../leads/useLeads';
import type { CreateCommentDraftsRequest } from '@leadpulse/common';
import { commentsApi } from './comments-api';

export const commentKeys = {
  history: (page: number) => ['comment-drafts', page] as const,
  all: ['comment-drafts'] as const,
};

export function useDraftHistory(page: number) {
  return useQuery({
    queryKey: commentKeys.history(page),
    queryFn: () => commentsApi.history(page),
    placeholderData: keepPreviousData,
  });
}

/** Drafting spends a credit (usage changes); a mark changes the history. */
export function useCommentActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: commentKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: CreateCommentDraftsRequest) => commentsApi.create(body),
      onSettled: () => {
        void refresh();
        void client.invalidateQueries({ queryKey: leadKeys.usage });
      },
    }),
    mark: useMutation({
      mutationFn: ({ id, status }: { id: string; status: 'used' | 'skipped' }) =>
        commentsApi.mark(id, status),
      onSuccess: () => void refresh(),
    }),
  };
}
