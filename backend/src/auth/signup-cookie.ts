import { randomBytes } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

export const SIGNUP_COOKIE = 'lp_signup';
/** The cookie goes back to the confirmation only, never to any other request. */
const COOKIE_PATH = '/api/auth/confirm';
/** Outlives a confirmation link, so that a link sent again still finds it. */
const MAX_AGE_SECONDS = 30 * 24 * 3600;

/** A new secret for the browser that signs up (256 random bits); only its hash is stored. */
export function newSignupProof(): string {
  return randomBytes(32).toString('base64url');
}

function cookie(value: string, maxAgeSeconds: number, appUrl: string): string {
  const secure = appUrl.startsWith('https:') ? '; Secure' : '';
  return `${SIGNUP_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

/** The Set-Cookie value that hands the signing-up browser its proof (Secure when the site is https). */
export function signupCookie(proof: string, appUrl: string): string {
  return cookie(proof, MAX_AGE_SECONDS, appUrl);
}

/** The Set-Cookie value that removes the proof once it has done its work. */
export function expiredSignupCookie(appUrl: string): string {
  return cookie('', 0, appUrl);
}

/** The proof in a Cookie header, if there is one. */
export function signupProofIn(header: string | undefined): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const [name, ...value] = pair.trim().split('=');
    if (name === SIGNUP_COOKIE && value.length) return value.join('=') || undefined;
  }
  return undefined;
}

/** The sign-up proof the request's cookie carries, if any. */
export const SignupProof = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | undefined =>
    signupProofIn(context.switchToHttp().getRequest<FastifyRequest>().headers.cookie),
);
