import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateAutomationRuleRequest, UpdateAutomationRuleRequest } from '@leadpulse/common';
import { automationApi } from './automation-api';

export const automationKeys = {
  all: ['automation'] as const,
  rules: ['automation', 'rules'] as const,
  runs: ['automation', 'runs'] as const,
};

export function useRules() {
  return useQuery({ queryKey: automationKeys.rules, queryFn: automationApi.rules });
}

/**
 * Runs come from background jobs: the list looks again every few seconds, and a new run
 * refreshes the rules' counts.
 */
export function useRuns() {
  const client = useQueryClient();
  const runs = useQuery({
    queryKey: automationKeys.runs,
    queryFn: automationApi.runs,
    refetchInterval: 3000,
  });
  const newest = runs.data?.data[0]?.id;
  useEffect(() => {
    if (newest) void client.invalidateQueries({ queryKey: automationKeys.rules });
  }, [newest, client]);
  return runs;
}

export function useRuleActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: automationKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: CreateAutomationRuleRequest) => automationApi.create(body),
      onSuccess: () => void refresh(),
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateAutomationRuleRequest }) =>
        automationApi.update(id, body),
      onSuccess: () => void refresh(),
    }),
    remove: useMutation({
      mutationFn: (id: string) => automationApi.remove(id),
      onSuccess: () => void refresh(),
    }),
    preview: useMutation({ mutationFn: automationApi.preview }),
  };
}
