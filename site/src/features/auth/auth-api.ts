import type {
  AuthUser,
  ChangePasswordRequest,
  ConfirmedSession,
  EmailRequest,
  LoginRequest,
  MfaChallengeRequest,
  MfaCodeRequest,
  MfaRequired,
  RecoveryCodes,
  RefreshRequest,
  ResetPasswordRequest,
  Session,
  SignupAnswer,
  SignupRequest,
  TokenCheck,
  TokenRequest,
  TotpEnrollment,
  VerifyTotpRequest,
} from '@leadpulse/common';
import { api } from '../../api/client';

/** The sign-in's second step: a code of the authenticator app, or a recovery code. */
export type SecondStep = { code: string } | { recovery_code: string };

export const authApi = {
  login: (email: string, password: string) =>
    api<Session | MfaRequired>('/auth/login', {
      method: 'POST',
      json: { email, password } satisfies LoginRequest,
    }),
  challenge: (mfaToken: string, step: SecondStep) =>
    api<Session>('/auth/mfa/challenge', {
      method: 'POST',
      json: { mfa_token: mfaToken, ...step } satisfies MfaChallengeRequest,
    }),
  user: () => api<AuthUser>('/auth/user', { auth: true }),
  enrollTotp: () => api<TotpEnrollment>('/auth/mfa/totp/enroll', { method: 'POST', auth: true }),
  verifyTotp: (factorId: string, code: string) =>
    api<RecoveryCodes>('/auth/mfa/totp/verify', {
      method: 'POST',
      json: { factor_id: factorId, code } satisfies VerifyTotpRequest,
      auth: true,
    }),
  removeFactor: (factorId: string, code: string) =>
    api<void>(`/auth/mfa/factors/${encodeURIComponent(factorId)}`, {
      method: 'DELETE',
      json: { code } satisfies MfaCodeRequest,
      auth: true,
    }),
  signup: (email: string, password: string, name: string) =>
    api<SignupAnswer>('/auth/signup', {
      method: 'POST',
      json: { email, password, name } satisfies SignupRequest,
    }),
  recover: (email: string) =>
    api<object>('/auth/recover', { method: 'POST', json: { email } satisfies EmailRequest }),
  resendConfirmation: (email: string) =>
    api<object>('/auth/resend-confirmation', {
      method: 'POST',
      json: { email } satisfies EmailRequest,
    }),
  /** Same origin, so the sign-up cookie (sent to this path only) goes with it. */
  confirm: (token: string) =>
    api<ConfirmedSession>('/auth/confirm', {
      method: 'POST',
      json: { token } satisfies TokenRequest,
    }),
  checkToken: (token: string) =>
    api<TokenCheck>('/auth/check-token', {
      method: 'POST',
      json: { token } satisfies TokenRequest,
    }),
  resetPassword: (token: string, password: string) =>
    api<Session | MfaRequired>('/auth/reset-password', {
      method: 'POST',
      json: { token, password } satisfies ResetPasswordRequest,
    }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api<void>('/auth/password', {
      method: 'PUT',
      json: {
        current_password: currentPassword,
        new_password: newPassword,
      } satisfies ChangePasswordRequest,
      auth: true,
    }),
  logout: (refreshToken: string) =>
    api<void>('/auth/logout', {
      method: 'POST',
      json: { refresh_token: refreshToken } satisfies RefreshRequest,
    }),
};
