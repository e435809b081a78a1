import type {
  Icp,
  IcpAnswer,
  IcpPreview,
  Lead,
  PipelineBoard,
  Today,
  UpdateLeadRequest,
} from '@leadpulse/common';
import { api } from '../../api/client';

const lead = (id: string) => `/leads/${encodeURIComponent(id)}`;

/** Today, the pipeline's board and the ICP (LEADS.md "API"). */
export const scoringApi = {
  today: () => api<Today>('/leads/today', { auth: true }),
  done: (id: string) => api<void>(`${lead(id)}/today/done`, { method: 'POST', auth: true }),
  snooze: (id: string, until: string) =>
    api<Lead>(lead(id), {
      method: 'PATCH',
      json: { snoozed_until: until } satisfies UpdateLeadRequest,
      auth: true,
    }),
  board: () => api<PipelineBoard>('/leads/board', { auth: true }),
  move: (id: string, body: UpdateLeadRequest) =>
    api<Lead>(lead(id), { method: 'PATCH', json: body, auth: true }),
  icp: () => api<IcpAnswer>('/icp', { auth: true }),
  saveIcp: (icp: Icp) => api<IcpAnswer>('/icp', { method: 'PUT', json: icp, auth: true }),
  preview: (icp: Icp) => api<IcpPreview>('/icp/preview', { method: 'POST', json: icp, auth: true }),
};
