import { readFileSync } from 'node:fs';
import { withDatabase } from './database.js';

/** The newest e-mail of a template sent to an address, once there is one. */
async function newestEmail(
  to: string,
  template: string,
  after: Date,
): Promise<{ id: string; data: Record<string, string> }> {
  return poll(`a ${template} e-mail to ${to}`, () =>
    withDatabase(async (client) => {
      const { rows } = await client.query<{ id: string; data: Record<string, string> }>(
        `SELECT id, data FROM emails WHERE to_email = $1 AND template = $2 AND created_at > $3 ORDER BY created_at DESC LIMIT 1`,
        [to, template, after],
      );
      return rows[0];
    }),
  );
}

async function poll<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${what}`);
}

/**
 * What the server printed when it delivered an e-mail (no SendGrid key): the lines after
 * `email_id: "…"`, up to the next log line. The links the recipient gets are only there: the
 * outbox keeps them with their tokens masked.
 */
function printedBlock(emailId: string): string | undefined {
  const output = readFileSync(process.env.E2E_CONSOLE_LOG!, 'utf8');
  const start = output.indexOf(`email_id: "${emailId}"`);
  if (start < 0) return undefined;
  const end = output.indexOf('\n[', start);
  return output.slice(start, end < 0 ? undefined : end);
}

const asPath = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.hash}`;
};

/** The link path (`/setup-password#token=…`) of the newest e-mail of a template sent to an address. */
export async function linkFromOutbox(
  to: string,
  template: string,
  after = new Date(0),
  field = 'link',
): Promise<string> {
  const email = await newestEmail(to, template, after);
  const page = String(email.data[field]).split('#', 1)[0];
  const block = await poll(`delivery of e-mail ${email.id}`, async () => printedBlock(email.id));
  const link = [...block.matchAll(/"(https?:\/\/[^"]+)"/g)]
    .map((match) => asPath(match[1]))
    .find((path) => path.split('#', 1)[0] === page);
  if (!link) throw new Error(`E-mail ${email.id} printed no link to ${page}`);
  return link;
}

/** The unsubscribe link path at the foot of the newest e-mail of a template sent to an address. */
export async function unsubscribeLinkFromOutbox(to: string, template: string): Promise<string> {
  const email = await newestEmail(to, template, new Date(0));
  const block = await poll(`delivery of e-mail ${email.id}`, async () => printedBlock(email.id));
  const [, url] = /unsubscribe: "([^"]+)"/.exec(block) ?? [];
  if (!url) throw new Error(`E-mail ${email.id} printed no unsubscribe link`);
  return asPath(url);
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
