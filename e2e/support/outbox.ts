import pg from 'pg';
import { readLock } from './product.js';

/** The shared product's database, through the running server's socket (as the tools use it). */
async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const { port } = readLock(process.env.E2E_DATA_DIR!);
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The link path (`/setup-password#token=…`) of the newest e-mail of a template sent to an address. */
export async function linkFromOutbox(
  to: string,
  template: string,
  after = new Date(0),
  field = 'link',
): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const link = await withDatabase(async (client) => {
      const { rows } = await client.query<{ link: string }>(
        `SELECT data->>$4 AS link FROM emails WHERE to_email = $1 AND template = $2 AND created_at > $3 ORDER BY created_at DESC LIMIT 1`,
        [to, template, after, field],
      );
      return rows[0]?.link;
    });
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${template} e-mail to ${to}`);
}

export function countSubscribers(email: string): Promise<number> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM newsletter_subscriptions WHERE email = $1`,
      [email],
    );
    return rows[0].count;
  });
}
