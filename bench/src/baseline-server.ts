// The baselines of the API scenarios: a bare Fastify server doing the same work as the product's
// route, and nothing more.
// - GET /api/health/database: the same `SELECT 1` on a pg pool of the product's size, the same JSON.
// - GET /api/me: the same access-token check (HS256, the same key, issuer, audience and expiry),
//   the same read of the member's `users` row with pg (a prepared statement), the ended-sign-in
//   check as an in-memory Set lookup, the same look-up of a failed renewal (a query only for a
//   subscription in arrears), and the same JSON.
// Fastify's own logger writes one JSON line per request (when it completes) to standard output,
// as the product does in production.
import { createSecretKey } from 'node:crypto';
import Fastify, { LogController } from 'fastify';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { displayStatus, MESSAGES, planBadge, type DisplayableUser } from '@leadpulse/common';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const key = createSecretKey(Buffer.from(process.env.JWT_SECRET ?? ''));
/** The columns the product's /api/me answers (its entity's), so both read and send the same. */
const columns = (process.env.ME_COLUMNS ?? '*')
  .split(',')
  .map((column) => (column === '*' ? column : `"${column}"`))
  .join(', ');
const meQuery = {
  name: 'me',
  text: `SELECT ${columns} FROM users WHERE auth_user_id = $1 LIMIT 1`,
};
/** Sign-ins that ended within an access token's lifetime, read once at start. */
const ended = new Set<string>(
  (
    await pool.query<{ family_id: string }>(
      `SELECT DISTINCT family_id FROM refresh_tokens WHERE revoked_at > now() - interval '1 hour'`,
    )
  ).rows.map((row) => row.family_id),
);
const startedAt = Date.now();
/** Subscriptions in arrears: the only ones whose member has a failed renewal to read. */
const OWING = ['past_due', 'unpaid'];
const openInvoicesQuery = {
  name: 'open-invoices',
  text: `SELECT count(*) AS invoices FROM dunning_invoices WHERE stripe_subscription_id = $1 AND status = 'open'`,
};

/** Fastify's request logging without the line at arrival: one line per request. */
class CompletedRequestLog extends LogController {
  override incomingRequest(): void {}
}

const app = Fastify({ logger: { level: 'info' }, logController: new CompletedRequestLog() });

app.get('/api/health/database', async (_request, reply) => {
  const started = Date.now();
  try {
    await pool.query('SELECT 1');
    return {
      status: 'healthy',
      checks: { database: { status: 'healthy', responseTime: Date.now() - started } },
      version: '1.0.0',
      uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
      timestamp: new Date().toISOString(),
    };
  } catch {
    return reply.status(503).send({ status: 'unhealthy' });
  }
});

const unauthorized = { statusCode: 401, code: 'unauthorized', message: MESSAGES.session.required };

app.get('/api/me', async (request, reply) => {
  const header = request.headers.authorization;
  let claims: jwt.JwtPayload;
  try {
    if (!header?.startsWith('Bearer ')) throw new Error('no bearer token');
    claims = jwt.verify(header.slice(7), key, {
      algorithms: ['HS256'],
      issuer: 'leadpulse',
      audience: 'leadpulse-api',
    }) as jwt.JwtPayload;
  } catch {
    return reply.status(401).send(unauthorized);
  }
  if (ended.has(claims.sid as string)) return reply.status(401).send(unauthorized);
  const { rows } = await pool.query<DisplayableUser>({ ...meQuery, values: [claims.sub] });
  if (rows.length === 0)
    return reply.status(404).send({ statusCode: 404, code: 'profile_not_found' });
  const member = rows[0] as DisplayableUser & Record<string, unknown>;
  let paymentIssue: { invoices: string } | null = null;
  if (
    typeof member.stripe_subscription_id === 'string' &&
    OWING.includes(String(member.subscription_status))
  )
    paymentIssue = (
      await pool.query<{ invoices: string }>({
        ...openInvoicesQuery,
        values: [member.stripe_subscription_id],
      })
    ).rows[0];
  void reply.header('cache-control', 'no-store');
  return {
    ...member,
    display_status: displayStatus(member),
    plan_badge: planBadge(member),
    payment_issue: paymentIssue,
  };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
