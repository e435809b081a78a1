import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateLeadRequest,
  CreateNoteRequest,
  CreateTaskRequest,
  Lead,
  LeadListQuery,
  LogSignalRequest,
  UpdateLeadRequest,
  UpdateTaskRequest,
} from '@leadpulse/common';
import { leadsApi } from './leads-api';

export const leadKeys = {
  all: ['leads'] as const,
  list: (query: LeadListQuery) => ['leads', 'list', query] as const,
  one: (id: string) => ['leads', 'one', id] as const,
  timeline: (id: string) => ['leads', 'timeline', id] as const,
  usage: ['usage'] as const,
};

/** One page of the leads list; the previous page stays on screen while the next one loads. */
export function useLeadList(query: LeadListQuery) {
  return useQuery({
    queryKey: leadKeys.list(query),
    queryFn: () => leadsApi.list(query),
    placeholderData: keepPreviousData,
  });
}

/** Whether the member has any lead at all (for the first-time start). */
export function useHasLeads() {
  const query = useQuery({
    queryKey: leadKeys.list({ page: 1, pageSize: 1 }),
    queryFn: () => leadsApi.list({ page: 1, pageSize: 1 }),
  });
  return { ...query, hasLeads: query.data ? query.data.count > 0 : undefined };
}

export function useLead(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: leadKeys.one(id), queryFn: () => leadsApi.get(id), enabled });
}

export function useTimeline(id: string) {
  return useQuery({ queryKey: leadKeys.timeline(id), queryFn: () => leadsApi.timeline(id) });
}

export function useUsage() {
  return useQuery({ queryKey: leadKeys.usage, queryFn: leadsApi.usage });
}

/** Every write on leads; each refreshes what it changes (lists, the lead, its timeline, usage). */
export function useLeadMutations() {
  const client = useQueryClient();
  const refreshLists = () => client.invalidateQueries({ queryKey: ['leads', 'list'] });
  const refreshLead = (id: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: leadKeys.one(id) }),
      client.invalidateQueries({ queryKey: leadKeys.timeline(id) }),
      refreshLists(),
    ]);
  const refreshUsage = () => client.invalidateQueries({ queryKey: leadKeys.usage });

  return {
    create: useMutation({
      mutationFn: (body: CreateLeadRequest) => leadsApi.create(body),
      onSuccess: () => Promise.all([refreshLists(), refreshUsage()]),
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateLeadRequest }) =>
        leadsApi.update(id, body),
      onSuccess: (lead: Lead) => {
        client.setQueryData(leadKeys.one(lead.id), lead);
        return Promise.all([refreshLead(lead.id), refreshUsage()]);
      },
    }),
    /** Track (stage `new`) or monitor several leads; stops at the first refusal (a limit). */
    bulk: useMutation({
      mutationFn: async ({ ids, body }: { ids: string[]; body: UpdateLeadRequest }) => {
        let done = 0;
        try {
          for (const id of ids) {
            await leadsApi.update(id, body);
            done += 1;
          }
        } catch (error) {
          throw Object.assign(error as Error, { done });
        }
        return done;
      },
      onSettled: () => Promise.all([refreshLists(), refreshUsage()]),
    }),
    remove: useMutation({
      mutationFn: (id: string) => leadsApi.remove(id),
      onSuccess: (_answer, id) => {
        client.removeQueries({ queryKey: leadKeys.one(id) });
        client.removeQueries({ queryKey: leadKeys.timeline(id) });
        return Promise.all([refreshLists(), refreshUsage()]);
      },
    }),
    logSignal: useMutation({
      mutationFn: ({ id, body }: { id: string; body: LogSignalRequest }) =>
        leadsApi.logSignal(id, body),
      onSuccess: (_signal, { id }) => refreshLead(id),
    }),
    addNote: useMutation({
      mutationFn: ({ id, body }: { id: string; body: CreateNoteRequest }) =>
        leadsApi.addNote(id, body),
      onSuccess: (_note, { id }) => refreshLead(id),
    }),
    removeNote: useMutation({
      mutationFn: ({ id, noteId }: { id: string; noteId: string }) =>
        leadsApi.removeNote(id, noteId),
      onSuccess: (_answer, { id }) => refreshLead(id),
    }),
    addTask: useMutation({
      mutationFn: ({ id, body }: { id: string; body: CreateTaskRequest }) =>
        leadsApi.addTask(id, body),
      onSuccess: (_task, { id }) => refreshLead(id),
    }),
    updateTask: useMutation({
      mutationFn: ({ taskId, body }: { leadId: string; taskId: string; body: UpdateTaskRequest }) =>
        leadsApi.updateTask(taskId, body),
      onSuccess: (_task, { leadId }) => refreshLead(leadId),
    }),
  };
}
