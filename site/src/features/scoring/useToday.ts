import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Today } from '@leadpulse/common';
import { scoringApi } from './scoring-api';

export const todayKey = ['today'] as const;

/** Today without one lead: what the list shows the moment the member acts on it. */
export function withoutLead(today: Today | undefined, id: string): Today | undefined {
  return today && { ...today, data: today.data.filter((item) => item.lead.id !== id) };
}

export function useToday() {
  return useQuery({ queryKey: todayKey, queryFn: scoringApi.today });
}

/**
 * Done and snooze take the lead off the list at once; the list is then read again so the next
 * lead comes in. A refusal puts the list back as it was.
 */
export function useTodayActions() {
  const client = useQueryClient();
  const optimistic = {
    onMutate: async ({ id }: { id: string }) => {
      await client.cancelQueries({ queryKey: todayKey });
      const before = client.getQueryData<Today>(todayKey);
      client.setQueryData<Today | undefined>(todayKey, (today) => withoutLead(today, id));
      return { before };
    },
    onError: (_error: unknown, _vars: unknown, context?: { before?: Today }) => {
      if (context?.before) client.setQueryData(todayKey, context.before);
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: todayKey }),
        client.invalidateQueries({ queryKey: ['leads'] }),
      ]),
  };
  return {
    done: useMutation({
      mutationFn: ({ id }: { id: string }) => scoringApi.done(id),
      ...optimistic,
    }),
    snooze: useMutation({
      mutationFn: ({ id, until }: { id: string; until: string }) => scoringApi.snooze(id, until),
      ...optimistic,
    }),
  };
}
