import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DataSource } from 'typeorm';
import { EmailEntity } from '../../src/mail/email.entity.js';
import { printedLinks } from './mailbox.js';
import { waitFor } from './wait.js';

export interface SessionBody {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  expires_at: number;
  user: { id: string; email: string; metadata: Record<string, unknown>; factors: unknown[] };
}

let counter = 0;
/** A unique address per call, so tests never collide. */
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export const PASSWORD = 'correct horse battery staple';

/** The newest e-mail of a template sent to an address (its stored links are masked once delivered). */
export function newestEmail(dataSource: DataSource, to: string, template: string) {
  return waitFor(
    async () =>
      (await dataSource
        .getRepository(EmailEntity)
        .findOne({ where: { to_email: to, template }, order: { created_at: 'DESC' } })) ??
      undefined,
    15_000,
    `a ${template} e-mail to ${to}`,
  );
}

/**
 * A link of the newest e-mail of a template to an address, as its recipient gets it: a path
 * such as `/setup-password#token=…`, read where the delivery printed it (see mailbox.ts).
 */
export async function linkFromOutbox(
  dataSource: DataSource,
  to: string,
  template: string,
  field = 'link',
): Promise<string> {
  const email = await newestEmail(dataSource, to, template);
  const delivered = await waitFor(
    async () => printedLinks(email.id),
    15_000,
    `the delivery of e-mail ${email.id}`,
  );
  const page = String(email.data[field]).split('#', 1)[0];
  const link = delivered.links.map((url) => new URL(url)).find((url) => url.pathname === page);
  if (!link) throw new Error(`E-mail ${email.id} has no ${field} to ${page}`);
  return `${link.pathname}${link.hash}`;
}

/** The token in a link of the newest e-mail of a template sent to an address. */
export async function tokenFromOutbox(
  dataSource: DataSource,
  to: string,
  template: string,
  field = 'link',
): Promise<string> {
  const link = await linkFromOutbox(dataSource, to, template, field);
  return decodeURIComponent(link.slice(link.indexOf('#token=') + '#token='.length));
}

export function post(
  app: NestFastifyApplication,
  url: string,
  payload: object,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url, payload, headers });
}

export function bearer(session: { access_token: string }): Record<string, string> {
  return { authorization: `Bearer ${session.access_token}` };
}

/**
 * The cookie a sign-up answer gives the browser (`name=value`), as that browser sends it back to
 * the confirmation.
 */
export function signupCookie(signup: { headers: Record<string, unknown> }): Record<string, string> {
  const header = signup.headers['set-cookie'];
  if (!header) return {};
  const cookie = String(Array.isArray(header) ? header[0] : header).split(';', 1)[0];
  return { cookie };
}

/** Signs up, confirms through the e-mailed link in the same browser and returns the session. */
export async function signUpAndConfirm(
  app: NestFastifyApplication,
  dataSource: DataSource,
  email = uniqueEmail(),
  password = PASSWORD,
  name = 'Ada Lovelace',
): Promise<SessionBody> {
  const signup = await post(app, '/api/auth/signup', { email, password, name });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const token = await tokenFromOutbox(dataSource, email, 'confirm-email');
  const confirmed = await post(app, '/api/auth/confirm', { token }, signupCookie(signup));
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
  return confirmed.json();
}

/** Signs up, confirms, and makes the account an administrator (as create-admin would). */
export async function signUpAdmin(
  app: NestFastifyApplication,
  dataSource: DataSource,
  email = uniqueEmail('admin'),
): Promise<SessionBody> {
  const session = await signUpAndConfirm(app, dataSource, email);
  await makeAdmin(dataSource, session.user.email);
  return session;
}

/**
 * Makes the user an administrator holding the given roles (by name; the built-in Owner, which
 * grants every permission, unless told otherwise). `roles: []` makes a read-only administrator.
 */
export async function makeAdmin(
  dataSource: DataSource,
  email: string,
  roles: string[] = ['Owner'],
): Promise<void> {
  await dataSource.query(`UPDATE users SET is_admin = true WHERE email = $1`, [email]);
  await dataSource.query(
    `DELETE FROM admin_roles WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
    [email],
  );
  await dataSource.query(
    `INSERT INTO admin_roles (user_id, role_id)
     SELECT u.id, r.id FROM users u, roles r WHERE u.email = $1 AND r.name = ANY($2::text[])`,
    [email, roles],
  );
}
