import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Paged,
  Task,
  TaskDueFilter,
  TaskWithLead,
  UpdateTaskRequest,
} from '@leadpulse/common';
import { api } from '../../api/client';

export const tasksKey = ['tasks'] as const;

/** Open tasks due in one period (overdue, today, upcoming), soonest first. */
export function useTasks(due: TaskDueFilter) {
  return useQuery({
    queryKey: [...tasksKey, due],
    queryFn: () =>
      api<Paged<TaskWithLead>>(`/tasks?due=${due}&done=false&pageSize=100`, { auth: true }),
  });
}

/** Marks a task done; it leaves its list at once. */
export function useCompleteTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<Task>(`/tasks/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: { done: true } satisfies UpdateTaskRequest,
        auth: true,
      }),
    onMutate: async (id: string) => {
      await client.cancelQueries({ queryKey: tasksKey });
      client.setQueriesData<Paged<TaskWithLead>>({ queryKey: tasksKey }, (page) =>
        page ? withoutTask(page, id) : page,
      );
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: tasksKey }),
        client.invalidateQueries({ queryKey: ['leads'] }),
      ]),
  });
}

/** A page of tasks without one, its count one less. */
export function withoutTask(page: Paged<TaskWithLead>, id: string): Paged<TaskWithLead> {
  const data = page.data.filter((task) => task.id !== id);
  return { ...page, data, count: page.count - (page.data.length - data.length) };
}
