import { useQuery } from '@tanstack/react-query';
import type { Analytics, AnalyticsQuery } from '@leadpulse/common';
import { api } from '../../api/client';

export const analyticsApi = {
  get: (query: AnalyticsQuery) => {
    const params = new URLSearchParams();
    if (query.from) params.set('from', query.from);
    if (query.to) params.set('to', query.to);
    const search = params.toString();
    return api<Analytics>(`/analytics${search ? `?${search}` : ''}`, { auth: true });
  },
};

/** The analytics of a period; the previous period's figures stay on screen while the next load. */
export function useAnalytics(query: AnalyticsQuery, enabled = true) {
  return useQuery({
    queryKey: ['analytics', query.from ?? '', query.to ?? ''],
    queryFn: () => analyticsApi.get(query),
    enabled,
    placeholderData: (previous) => previous,
  });
}
