import type { AuthUser, Session } from '@leadpulse/common';
import { api } from '../../api/client';

/** A confirmation's answer: with a setup token when the password chosen at sign-up was dropped. */
export type ConfirmAnswer = Session & { password_setup_token?: string };

export const authApi = {
  login: (email: string, password: string) =>
    api<Session>('/auth/login', { method: 'POST', json: { email, password } }),
  signup: (email: string, password: string, name: string) =>
    api<{ user: AuthUser }>('/auth/signup', { method: 'POST', json: { email, password, name } }),
  recover: (email: string) => api<object>('/auth/recover', { method: 'POST', json: { email } }),
  resendConfirmation: (email: string) =>
    api<object>('/auth/resend-confirmation', { method: 'POST', json: { email } }),
  /** Same origin, so the sign-up cookie (sent to this path only) goes with it. */
  confirm: (token: string) =>
    api<ConfirmAnswer>('/auth/confirm', { method: 'POST', json: { token } }),
  checkToken: (token: string) =>
    api<{ valid: boolean; kind: string | null }>('/auth/check-token', {
      method: 'POST',
      json: { token },
    }),
  resetPassword: (token: string, password: string) =>
    api<Session>('/auth/reset-password', { method: 'POST', json: { token, password } }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api<void>('/auth/password', {
      method: 'PUT',
      json: { current_password: currentPassword, new_password: newPassword },
      auth: true,
    }),
  logout: (refreshToken: string) =>
    api<void>('/auth/logout', { method: 'POST', json: { refresh_token: refreshToken } }),
};
