import { api } from '../../api/client';

export interface SubscribeResult {
  email: string;
  created: boolean;
}

export const newsletterApi = {
  joinWaitlist: (email: string, firstName?: string, lastName?: string) =>
    api<SubscribeResult>('/waitlist', {
      method: 'POST',
      json: { email, firstName: firstName || undefined, lastName: lastName || undefined },
    }),
  subscribe: (email: string) =>
    api<SubscribeResult>('/newsletter', { method: 'POST', json: { email } }),
};
