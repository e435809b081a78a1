/**
 * The sign-in API's answers and request bodies (`/api/auth/*`), declared once. Dates are a type
 * parameter: strings on the wire (the default), `Date` where the backend builds them.
 */

/** What the sign-up form recorded about the account holder. */
export interface AuthMetadata {
  name?: string;
  source?: string;
  first_name?: string;
  last_name?: string;
}

/** A verified two-step verification factor of the auth user. */
export interface AuthFactor<TDate = string> {
  id: string;
  type: 'totp';
  created_at: TDate;
}

/** The auth user (`GET /api/auth/user`, and inside every session). */
export interface AuthUser<TDate = string> {
  id: string;
  email: string;
  created_at: TDate;
  email_confirmed_at: TDate | null;
  last_sign_in_at: TDate | null;
  metadata: AuthMetadata;
  /** The verified two-step verification factors. */
  factors: AuthFactor<TDate>[];
}

/** A sign-in: the tokens and the auth user. */
export interface Session<TDate = string> {
  access_token: string;
  token_type: 'bearer';
  /** Seconds the access token lives. */
  expires_in: number;
  /** Unix time (seconds) when the access token expires. */
  expires_at: number;
  refresh_token: string;
  user: AuthUser<TDate>;
}

/** What a confirmation answers: a session, and a setup token when the password was dropped. */
export type ConfirmedSession<TDate = string> = Session<TDate> & {
  /** A password-setup token (as in `/setup-password#token=…`) for choosing a new password. */
  password_setup_token?: string;
};

/** What a sign-up answers (`POST /api/auth/signup`): the new auth user, not yet confirmed. */
export interface SignupAnswer<TDate = string> {
  user: AuthUser<TDate>;
}

/**
 * What a sign-in (or a password reset) answers instead of a session when the account has
 * two-step verification: a single-use token for `POST /api/auth/mfa/challenge`, valid 5 minutes.
 */
export interface MfaRequired {
  mfa_required: true;
  mfa_token: string;
}

export function isMfaRequired(answer: unknown): answer is MfaRequired {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    (answer as Partial<MfaRequired>).mfa_required === true &&
    typeof (answer as Partial<MfaRequired>).mfa_token === 'string'
  );
}

/** A new, unverified authenticator (`POST /api/auth/mfa/totp/enroll`). */
export interface TotpEnrollment {
  factor_id: string;
  /** The secret in base32, for typing into an authenticator app. */
  secret: string;
  otpauth_url: string;
  /** The otpauth URL as a QR code, an SVG document. */
  qr_svg: string;
}

/** The recovery codes, shown once (`POST /api/auth/mfa/totp/verify`, `…/recovery-codes`). */
export interface RecoveryCodes {
  recovery_codes: string[];
}

/** `POST /api/auth/check-token`: whether a link's token still works, and what it is for. */
export interface TokenCheck {
  valid: boolean;
  /** `email_confirmation`, `password_reset` or `password_setup`; null when not valid. */
  kind: 'email_confirmation' | 'password_reset' | 'password_setup' | null;
}

/** `POST /api/auth/signup`. */
export interface SignupRequest {
  email: string;
  password: string;
  name: string;
}

/** `POST /api/auth/login`. */
export interface LoginRequest {
  email: string;
  password: string;
}

/** A request naming an e-mail address (`POST /api/auth/recover`, `…/resend`). */
export interface EmailRequest {
  email: string;
}

/** A request carrying a single-use token of a link. */
export interface TokenRequest {
  token: string;
}

/** `POST /api/auth/refresh`, `POST /api/auth/logout`. */
export interface RefreshRequest {
  refresh_token: string;
}

/** `POST /api/auth/reset-password`: the reset link's token and the new password. */
export interface ResetPasswordRequest extends TokenRequest {
  password: string;
}

/** `POST /api/auth/change-password`. */
export interface ChangePasswordRequest {
  current_password: string;
  new_password: string;
}

/** `POST /api/auth/mfa/totp/verify`: the new factor and a code of the authenticator app. */
export interface VerifyTotpRequest {
  factor_id: string;
  code: string;
}

/** A code of the authenticator app, or a recovery code (turning it off, new recovery codes). */
export interface MfaCodeRequest {
  code: string;
}

/** `POST /api/auth/mfa/challenge`: `{ mfa_token, code }` or `{ mfa_token, recovery_code }`. */
export interface MfaChallengeRequest {
  mfa_token: string;
  code?: string;
  recovery_code?: string;
}
