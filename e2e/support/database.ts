import pg from 'pg';
import PgBoss from 'pg-boss';
import { readLock } from './product.js';

/**
 * The shared product's database: its PostgreSQL database when it runs on one, else the embedded
 * database through the running server's socket (as the tools use it).
 */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(connection());
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Where the shared product's database answers, for pg and for pg-boss alike. */
function connection():
  { connectionString: string } | { host: string; port: number; user: string; database: string } {
  return process.env.E2E_DATABASE_URL
    ? { connectionString: process.env.E2E_DATABASE_URL }
    : {
        host: '127.0.0.1',
        port: readLock(process.env.E2E_DATA_DIR!).port,
        user: 'postgres',
        database: 'postgres',
      };
}

/**
 * Runs a scheduled job now rather than at its next turn: sends its queue a job, as its schedule
 * does, through the product's job queue (pg-boss, in its schema `pgboss`).
 */
export async function runScheduledJobNow(queue: string): Promise<void> {
  const boss = new PgBoss({
    ...connection(),
    schema: 'pgboss',
    max: 1,
    migrate: false,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  try {
    if (!(await boss.send(queue, {}))) throw new Error(`The queue ${queue} took no job`);
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

/*
 * The server's clock cannot be moved, and no API makes a date that has already passed (a promo
 * lasts a day at least): these move a member's dates back instead, as time passing would.
 */

/** Makes a member's active promo one that expired a minute ago. */
export async function expirePromoOf(email: string): Promise<void> {
  const { rowCount } = await withDatabase((client) =>
    client.query(
      `UPDATE users SET promo_expiration_date = now() - interval '1 minute'
        WHERE email = $1 AND promo_active`,
      [email],
    ),
  );
  if (rowCount !== 1) throw new Error(`${email} has no active promo`);
}

/**
 * Makes a founding member's purchase one made `hours` ago, once the purchase is recorded (its
 * webhook is processed in the background).
 */
export async function backdatePurchaseOf(email: string, hours: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { rowCount } = await withDatabase((client) =>
      client.query(
        `UPDATE users SET founding_member_purchased_at = now() - make_interval(hours => $2)
          WHERE email = $1 AND founding_member_purchased_at IS NOT NULL`,
        [email, hours],
      ),
    );
    if (rowCount === 1) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${email} has made no founding purchase`);
}
