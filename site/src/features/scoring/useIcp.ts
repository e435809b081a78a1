import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { icpProblems, type Icp, type IcpAnswer } from '@leadpulse/common';
import { scoringApi } from './scoring-api';

export const icpKey = ['icp'] as const;

const busy = (answer: IcpAnswer | undefined) =>
  answer?.rescoring.status === 'queued' || answer?.rescoring.status === 'running';

/** The ICP, read again every second while the workspace is being rescored. */
export function useIcp() {
  return useQuery({
    queryKey: icpKey,
    queryFn: scoringApi.icp,
    refetchInterval: (query) => (busy(query.state.data) ? 1000 : false),
  });
}

export function useSaveIcp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (icp: Icp) => scoringApi.saveIcp(icp),
    onSuccess: (answer) => {
      client.setQueryData(icpKey, answer);
      return client.invalidateQueries({ queryKey: ['leads'] });
    },
  });
}

/** A value that follows another once it has stopped changing for a while. */
export function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** How the workspace would rank under the ICP being edited, once typing stops. */
export function useIcpPreview(icp: Icp | null) {
  const settled = useSettled(icp);
  const valid = settled !== null && icpProblems(settled).length === 0;
  return useQuery({
    queryKey: ['icp', 'preview', settled],
    queryFn: () => scoringApi.preview(settled as Icp),
    enabled: valid,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
