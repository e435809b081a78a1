import type {
  AutomationPreview,
  AutomationPreviewRequest,
  AutomationRule,
  AutomationRuleCreated,
  AutomationRun,
  CreateAutomationRuleRequest,
  Paged,
  UpdateAutomationRuleRequest,
} from '@leadpulse/common';
import { api } from '../../api/client';

const rule = (id: string) => `/automation-rules/${encodeURIComponent(id)}`;

export const automationApi = {
  rules: () => api<Paged<AutomationRule>>('/automation-rules?pageSize=100', { auth: true }),
  create: (body: CreateAutomationRuleRequest) =>
    api<AutomationRuleCreated>('/automation-rules', { method: 'POST', json: body, auth: true }),
  update: (id: string, body: UpdateAutomationRuleRequest) =>
    api<AutomationRule>(rule(id), { method: 'PATCH', json: body, auth: true }),
  remove: (id: string) => api<void>(rule(id), { method: 'DELETE', auth: true }),
  preview: (body: AutomationPreviewRequest) =>
    api<AutomationPreview>('/automation-rules/preview', { method: 'POST', json: body, auth: true }),
  runs: () => api<Paged<AutomationRun>>('/automation-runs?pageSize=25', { auth: true }),
};
