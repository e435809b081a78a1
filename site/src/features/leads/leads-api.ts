import type {
  CreateLeadRequest,
  CreateNoteRequest,
  CreateTaskRequest,
  Lead,
  LeadImport,
  LeadImportAccepted,
  LeadListQuery,
  LeadsPage,
  LogSignalRequest,
  Note,
  Paged,
  Signal,
  Task,
  Timeline,
  UpdateLeadRequest,
  UpdateTaskRequest,
  Usage,
} from '@leadpulse/common';
import { ApiError, api } from '../../api/client';
import { sessionClient } from '../auth/session';
import { saveFile } from '../download/save-file';

/** `?q=…&stage=…` of a list query, without the parameters left empty. */
export function queryString(query: LeadListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const lead = (id: string) => `/leads/${encodeURIComponent(id)}`;

export const leadsApi = {
  list: (query: LeadListQuery) => api<LeadsPage>(`/leads${queryString(query)}`, { auth: true }),
  get: (id: string) => api<Lead>(lead(id), { auth: true }),
  create: (body: CreateLeadRequest) =>
    api<Lead>('/leads', { method: 'POST', json: body, auth: true }),
  update: (id: string, body: UpdateLeadRequest) =>
    api<Lead>(lead(id), { method: 'PATCH', json: body, auth: true }),
  remove: (id: string) => api<void>(lead(id), { method: 'DELETE', auth: true }),
  timeline: (id: string) => api<Timeline>(`${lead(id)}/timeline`, { auth: true }),
  logSignal: (id: string, body: LogSignalRequest) =>
    api<Signal>(`${lead(id)}/signals`, { method: 'POST', json: body, auth: true }),
  addNote: (id: string, body: CreateNoteRequest) =>
    api<Note>(`${lead(id)}/notes`, { method: 'POST', json: body, auth: true }),
  removeNote: (id: string, noteId: string) =>
    api<void>(`${lead(id)}/notes/${encodeURIComponent(noteId)}`, {
      method: 'DELETE',
      auth: true,
    }),
  addTask: (id: string, body: CreateTaskRequest) =>
    api<Task>(`${lead(id)}/tasks`, { method: 'POST', json: body, auth: true }),
  updateTask: (taskId: string, body: UpdateTaskRequest) =>
    api<Task>(`/tasks/${encodeURIComponent(taskId)}`, { method: 'PATCH', json: body, auth: true }),
  imports: () => api<Paged<LeadImport>>('/lead-imports', { auth: true }),
  import: (id: string) =>
    api<LeadImport>(`/lead-imports/${encodeURIComponent(id)}`, { auth: true }),
  importSample: () =>
    api<LeadImportAccepted>('/lead-imports/sample', { method: 'POST', auth: true }),
  usage: () => api<Usage>('/me/usage', { auth: true }),
};

/** Downloads leads.csv of a filter (the file needs the session's token, so no plain link). */
export async function downloadLeadsCsv(query: LeadListQuery): Promise<void> {
  const path = `/api/leads/export${queryString({
    ...query,
    page: undefined,
    pageSize: undefined,
    after: undefined,
    before: undefined,
  })}`;
  const response = await sessionClient.authorized(
    (token) => fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} }),
    (answer) => answer.status === 401,
  );
  if (!response.ok) throw await errorOf(response);
  saveFile(await response.blob(), 'leads.csv');
}

async function errorOf(response: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    // Not JSON: the status says enough.
  }
  return new ApiError(
    {
      statusCode: response.status,
      code: typeof body.code === 'string' ? body.code : 'unexpected_error',
      message:
        typeof body.message === 'string'
          ? body.message
          : 'An unexpected error occurred. Please try again.',
    },
    body,
  );
}
