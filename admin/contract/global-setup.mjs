// Plain JavaScript, like the backend's own test setup: it starts the built backend (backend/dist)
// and the built Stripe sandbox (@leadpulse/stripe-sandbox), made by `npm run build`, and builds
// nothing itself.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const backend = (path) => new URL(`../../backend/${path}`, import.meta.url);
/** The backend's own dependencies, resolved from the backend as it resolves them. */
const backendRequire = createRequire(backend('package.json'));

const PASSWORD = 'correct horse battery staple';
const WEBHOOK_SECRET = 'whsec_contract_0123456789abcdef';

/**
 * The real API for the contract test: a fresh database (the backend suite's own setup: a new
 * database on DATABASE_URL's server, dropped afterwards, or an embedded PostgreSQL without it),
 * the Stripe sandbox, the app listening on a free port, an Owner administrator, and rows the API
 * cannot create (subscriptions, Stripe events, error reports).
 */
export default async function setup(project) {
  if (!existsSync(backend('dist/app.js')))
    throw new Error('The contract test runs the built backend: run `npm run build` first.');
  const { default: createDatabase } = await import(backend('test/global-setup.mjs').href);
  const { default: dropDatabase } = await import(backend('test/global-teardown.mjs').href);
  await createDatabase();
  const databaseUrl = process.env.TEST_DATABASE_URL;

  const { StripeSandbox } = await import('@leadpulse/stripe-sandbox');
  const sandbox = new StripeSandbox({ webhookSecret: WEBHOOK_SECRET, webhookUrl: () => undefined });
  let app;
  try {
    app = await startApp(databaseUrl, await sandbox.start());
    const apiUrl = `http://127.0.0.1:${app.getHttpServer().address().port}/api`;
    const database = new (backendRequire('pg').Client)({ connectionString: databaseUrl });
    await database.connect();
    try {
      project.provide('apiUrl', apiUrl);
      project.provide('token', await signUpAdmin(apiUrl, database));
      project.provide('memberId', await seed(database));
    } finally {
      await database.end();
    }
  } catch (error) {
    await stop(app, sandbox, dropDatabase);
    throw error;
  }
  return () => stop(app, sandbox, dropDatabase);
}

async function startApp(databaseUrl, stripeUrl) {
  const { createApp } = await import(backend('dist/app.js').href);
  const { AppConfig } = await import(backend('dist/config/app-config.js').href);
  const { createRootLogger } = await import(backend('dist/logging/logger.js').href);
  const config = AppConfig.fromEnvironment({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripeUrl,
  });
  const app = await createApp({
    config,
    databaseUrl,
    logger: createRootLogger({ level: 'silent', pretty: false }),
    frontEnds: [],
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

async function stop(app, sandbox, dropDatabase) {
  await app?.close();
  await sandbox.stop();
  await dropDatabase();
}

async function postJson(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Signs up, confirms through the e-mailed link, and makes the account an Owner (as makeAdmin). */
async function signUpAdmin(apiUrl, database) {
  const email = `contract.admin.${Date.now().toString(36)}@example.com`;
  await postJson(`${apiUrl}/auth/signup`, { email, password: PASSWORD, name: 'Ada Contract' });
  let link;
  for (let attempt = 0; !link && attempt < 100; attempt += 1) {
    const { rows } = await database.query(
      `SELECT data->>'link' AS link FROM emails WHERE to_email = $1 AND template = 'confirm-email'`,
      [email],
    );
    link = rows[0]?.link;
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error(`No confirmation e-mail reached the outbox for ${email}`);
  const token = decodeURIComponent(link.slice(link.indexOf('#token=') + '#token='.length));
  const session = await postJson(`${apiUrl}/auth/confirm`, { token });
  await database.query(`UPDATE users SET is_admin = true WHERE email = $1`, [email]);
  await database.query(
    `INSERT INTO admin_roles (user_id, role_id)
     SELECT u.id, r.id FROM users u, roles r WHERE u.email = $1 AND r.is_owner`,
    [email],
  );
  return session.access_token;
}

/** A member with two subscriptions (and another with one), two Stripe events, an error report. */
async function seed(database) {
  const {
    rows: [member, other],
  } = await database.query(
    `INSERT INTO users (email, first_name, last_name, status)
     VALUES ('contract.member@example.com', 'Mem', 'Ber', 'active'),
            ('contract.other@example.com', 'Oth', 'Er', 'active')
     RETURNING id`,
  );
  await database.query(
    `INSERT INTO subscriptions
       (stripe_subscription_id, stripe_customer_id, user_id, plan_name, plan_type, status, amount_cents)
     VALUES ('sub_contract_1', 'cus_contract_member', $1, 'networker', 'monthly', 'active', 2900),
            ('sub_contract_2', 'cus_contract_member', $1, 'networker', 'monthly', 'canceled', 2900),
            ('sub_contract_3', 'cus_contract_other', $2, 'networker', 'yearly', 'active', 29000)`,
    [member.id, other.id],
  );
  await database.query(
    `INSERT INTO stripe_events (stripe_event_id, event_type, event_data, processed)
     VALUES ('evt_contract_1', 'invoice.paid', '{}', true),
            ('evt_contract_2', 'customer.updated', '{}', false)`,
  );
  await database.query(
    `INSERT INTO error_reports (error_id, message, environment)
     VALUES ('err_contract_1', 'Contract failure', 'production')`,
  );
  return member.id;
}
