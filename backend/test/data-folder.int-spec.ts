import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readState } from '@leadpulse/stripe-sandbox';
import { post, uniqueEmail } from './support/accounts.js';
import { foundingForm, startAppWithSandbox, type AppWithSandbox } from './support/sandbox.js';
import { resetDatabase } from './support/test-app.js';
import { waitFor } from './support/wait.js';

// With a PostgreSQL server nothing creates the data folder before the sandbox first writes to it.
describe('a PostgreSQL server and a data folder that does not exist yet', () => {
  const parent = mkdtempSync(join(tmpdir(), 'leadpulse-data-folder-'));
  const dataDir = join(parent, 'not-yet', '.data');
  const dataFile = join(dataDir, 'stripe-sandbox.json');
  let env: AppWithSandbox;

  beforeAll(async () => {
    // As main.ts starts the sandbox when no STRIPE_SECRET_KEY is set.
    env = await startAppWithSandbox({ DATA_DIR: dataDir }, { dataFile });
    await resetDatabase(env.t.dataSource);
  });
  afterAll(async () => {
    await env.close();
    rmSync(parent, { recursive: true, force: true });
  });

  it('starts a founding checkout on the sandbox, which creates the folder for its state', async () => {
    expect(env.t.config.databaseUrl).toMatch(/^postgres/);
    expect(env.t.config.dataDir).toBe(dataDir);

    const checkout = await post(env.t.app, '/api/founding/checkout', foundingForm(uniqueEmail()));

    expect(checkout.statusCode).toBe(201);
    expect(existsSync(dataFile)).toBe(true);
    const { url } = checkout.json() as { url: string };
    expect(url).toMatch(/\/checkout\/cs_test_\w+$/);
    // The session is written to the folder (the journal beside the snapshot) just after the answer.
    const sessionId = url.split('/').at(-1)!;
    const session = await waitFor(async () => readState(dataFile).objects[sessionId]);
    expect(session.object).toBe('checkout.session');
  });

  it('creates a customer straight through the SDK', async () => {
    const customer = await env.stripe.customers.create({ email: uniqueEmail() });
    expect(customer.id).toMatch(/^cus_/);
  });
});
