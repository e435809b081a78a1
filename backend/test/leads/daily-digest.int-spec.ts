import { jest } from '@jest/globals';
import { Clock } from '../../src/common/clock.js';
import { JobsService } from '../../src/jobs/jobs.service.js';
import { DIGEST_QUEUE, DigestService } from '../../src/leads/digest/digest.service.js';
import { EmailEntity } from '../../src/mail/email.entity.js';
import { bearer, post, signupCookie, uniqueEmail, type SessionBody } from '../support/accounts.js';
import { FakeSendGrid, type Captured } from '../support/fake-sendgrid.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

const PASSWORD = 'correct horse battery staple';
const DAY_MS = 86_400_000;

/**
 * The daily digest on two instances of the application sharing one database, each running the
 * schedule, on a clock the test moves (both instances' Clock): e-mails reach a stand-in for
 * SendGrid's HTTP API, as a recipient would get them.
 */
describe('the daily digest', () => {
  const sendgrid = new FakeSendGrid();
  let one: TestApp;
  let two: TestApp;
  let instances: TestApp[];
  /** Where the test has put both instances' clock. */
  let now = new Date();

  const call = (
    session: SessionBody,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload?: object,
  ) => one.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });

  /** Signs up and confirms through the link SendGrid was given, as the member's browser would. */
  async function member(prefix: string, name: string): Promise<SessionBody> {
    const email = uniqueEmail(prefix);
    const signup = await post(one.app, '/api/auth/signup', { email, password: PASSWORD, name });
    expect(signup.statusCode).toBe(201);
    const confirmation = await waitFor(
      async () =>
        sendgrid.accepted.find(
          (request) =>
            recipient(request) === email &&
            (request.body.categories as string[]).includes('confirm-email'),
        ),
      15_000,
      `the confirmation e-mail to ${email}`,
    );
    const token = /confirm-email#token=([^\s"]+)/.exec(text(confirmation))![1];
    const confirmed = await post(
      one.app,
      '/api/auth/confirm',
      { token: decodeURIComponent(token) },
      signupCookie(signup),
    );
    expect(confirmed.statusCode).toBe(200);
    return confirmed.json();
  }
  const recipient = (request: Captured) =>
    (request.body.personalizations as { to: { email: string }[] }[])[0].to[0].email;
  const text = (request: Captured) =>
    (request.body.content as { type: string; value: string }[])[0].value;
  const html = (request: Captured) =>
    (request.body.content as { type: string; value: string }[])[1].value;

  const paid = (session: SessionBody) =>
    one.dataSource.query(
      `UPDATE users SET subscription_plan = 'prospector', subscription_status = 'active' WHERE email = $1`,
      [session.user.email],
    );
  const setZone = (session: SessionBody, zone: string) =>
    call(session, 'PATCH', '/api/me', { time_zone: zone });
  async function lead(session: SessionBody, fields: object, signal?: string): Promise<string> {
    const made = await call(session, 'POST', '/api/leads', fields);
    expect(made.statusCode).toBe(201);
    const id = made.json().id as string;
    if (signal) {
      const logged = await call(session, 'POST', `/api/leads/${id}/signals`, { kind: signal });
      expect(logged.statusCode).toBe(201);
    }
    return id;
  }
  async function task(session: SessionBody, leadId: string, title: string, dueAt: Date) {
    const made = await call(session, 'POST', `/api/leads/${leadId}/tasks`, {
      title,
      due_at: dueAt.toISOString(),
    });
    expect(made.statusCode).toBe(201);
  }

  /** The instant a wall-clock time in a zone is, as PostgreSQL (which decides the hour) reads it. */
  async function at(zone: string, local: string): Promise<Date> {
    const [{ instant }] = (await one.dataSource.query(
      `SELECT ($1::timestamp AT TIME ZONE $2) AS instant`,
      [local, zone],
    )) as { instant: Date }[];
    return new Date(instant);
  }
  const moveClock = (to: Date) => {
    now = to;
  };
  /** Every instance runs the schedule's job at once, several times, and calls it directly too. */
  async function runEverywhere(): Promise<void> {
    await Promise.all(
      instances.flatMap((instance) => [
        instance.app.get(DigestService).sendDue(),
        instance.app.get(DigestService).sendDue(),
        instance.app.get(JobsService).send(DIGEST_QUEUE, {}),
      ]),
    );
    for (const instance of instances) instance.app.get(JobsService).wake(DIGEST_QUEUE);
    // The queued runs finished: none is waiting or active.
    await waitFor(
      async () => {
        const [{ open }] = (await one.dataSource.query(
          `SELECT count(*)::int AS open FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
          [DIGEST_QUEUE],
        )) as { open: number }[];
        return open === 0 ? true : undefined;
      },
      20_000,
      'the digest jobs to finish',
    );
  }
  const digests = (session: SessionBody) =>
    one.dataSource
      .getRepository(EmailEntity)
      .find({ where: { to_email: session.user.email, template: 'daily-digest' } });
  const rows = async (session: SessionBody) =>
    (await one.dataSource.query(
      `SELECT to_char(d.local_date, 'YYYY-MM-DD') AS day, d.outcome, d.time_zone
         FROM lead_digests d JOIN users u ON u.id = d.user_id WHERE u.email = $1 ORDER BY d.local_date`,
      [session.user.email],
    )) as { day: string; outcome: string; time_zone: string }[];
  /** What SendGrid took for the member's digests. */
  const delivered = async (session: SessionBody, count: number) => {
    const sent = await digests(session);
    expect(sent).toHaveLength(count);
    return waitFor(
      async () => {
        const requests = sent.map((email) => sendgrid.acceptedFor(email.id));
        return requests.every((r) => r.length === 1) ? requests.map((r) => r[0]) : undefined;
      },
      20_000,
      `${count} digest(s) delivered to ${session.user.email}`,
    );
  };

  let la: SessionBody;
  let tokyo: SessionBody;
  let empty: SessionBody;
  let off: SessionBody;
  let free: SessionBody;
  /** A day two days ahead of the real one (UTC), YYYY-MM-DD, and the day after. */
  const day = (offset: number) =>
    new Date(Date.now() + (2 + offset) * DAY_MS).toISOString().slice(0, 10);

  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    await sendgrid.listen();
    env = {
      ...NO_RATE_LIMITS,
      SENDGRID_API_KEY: 'SG.test-key-0123456789',
      SENDGRID_API_URL: sendgrid.url,
      MAIL_FROM: 'LeadPulse <hello@leadpulse.example>',
      SUPPORT_EMAIL: 'support@leadpulse.example',
      JOBS_POLL_INTERVAL_SECONDS: '0.5',
    };
    one = await startTestApp({ env });
    two = await startTestApp({ env });
    instances = [one, two];
    // Both instances read the test's clock, their scheduled jobs included.
    for (const instance of instances)
      jest.spyOn(instance.app.get(Clock), 'now').mockImplementation(() => now);
    await resetDatabase(one.dataSource);
    // Before anyone's 08:00 in Los Angeles and Tokyo: 07:55 in Los Angeles (00:55 in Tokyo).
    moveClock(await at('America/Los_Angeles', `${day(0)} 07:55`));

    la = await member('la', 'Lena Los');
    tokyo = await member('tokyo', 'Taro Tokyo');
    empty = await member('empty', 'Emma Empty');
    off = await member('off', 'Otto Off');
    free = await member('free', 'Fran Free');
    for (const session of [la, tokyo, empty, off]) await paid(session);
  }, 120_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await sendgrid.close();
  });

  it('keeps the member’s time zone, refusing an unknown one with 400 invalid_time_zone', async () => {
    for (const zone of ['Mars/Olympus_Mons', 'EST5EDT; DROP TABLE users', '+09:00', ''])
      expect((await setZone(la, zone)).json()).toMatchObject({
        statusCode: 400,
        code: 'invalid_time_zone',
      });
    const saved = await setZone(la, 'America/Los_Angeles');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().time_zone).toBe('America/Los_Angeles');
    expect((await setZone(tokyo, 'Asia/Tokyo')).json().time_zone).toBe('Asia/Tokyo');
    expect((await call(la, 'GET', '/api/me')).json().time_zone).toBe('America/Los_Angeles');
  });

  it('is on by default for paying members and off for free ones; the switch is kept once set', async () => {
    const switchOf = async (session: SessionBody) =>
      (await call(session, 'GET', '/api/me')).json().notification_preferences.dailyDigest;
    expect(await switchOf(la)).toBe(true);
    expect(await switchOf(free)).toBe(false);
    const turnedOff = await call(off, 'PUT', '/api/me/notifications', {
      emailUpdates: true,
      featureAnnouncements: true,
      billingAlerts: true,
      weeklyDigest: false,
      dailyDigest: false,
    });
    expect(turnedOff.json()).toMatchObject({ dailyDigest: false });
    // Saving the other switches leaves it as it was.
    await call(off, 'PUT', '/api/me/notifications', {
      emailUpdates: false,
      featureAnnouncements: true,
      billingAlerts: true,
      weeklyDigest: false,
    });
    expect(await switchOf(off)).toBe(false);
  });

  it('sends one e-mail per member per day, at 08:00 in each member’s zone, across two instances', async () => {
    // Something to say for everyone but the empty workspace's owner.
    const leadIds = new Map<SessionBody, string>();
    for (const session of [la, tokyo, off, free]) {
      const id = await lead(
        session,
        { first_name: 'Grace', last_name: 'Hopper', company: 'Navy', position: 'Rear Admiral' },
        'replied',
      );
      leadIds.set(session, id);
    }
    await lead(empty, { first_name: 'Quiet', last_name: 'Lead' });
    await task(
      la,
      leadIds.get(la)!,
      'Send the proposal',
      await at('America/Los_Angeles', `${day(-1)} 09:00`),
    );
    await task(
      la,
      leadIds.get(la)!,
      'Call back',
      await at('America/Los_Angeles', `${day(0)} 15:00`),
    );
    await task(la, leadIds.get(la)!, 'Not yet', await at('America/Los_Angeles', `${day(1)} 09:00`));

    // 07:55 in Los Angeles, 00:55 in Tokyo: not yet for either.
    await runEverywhere();
    expect(await digests(la)).toHaveLength(0);
    expect(await digests(tokyo)).toHaveLength(0);

    // 08:00 in Los Angeles: Los Angeles' digest, once; Tokyo's day (01:00) has not come.
    moveClock(await at('America/Los_Angeles', `${day(0)} 08:00`));
    await runEverywhere();
    await runEverywhere();
    const [laDigest] = await delivered(la, 1);
    expect(await digests(tokyo)).toHaveLength(0);
    expect(await rows(la)).toEqual([
      { day: day(0), outcome: 'sent', time_zone: 'America/Los_Angeles' },
    ]);

    // Its content, as the member receives it: the lead, its reasons and next step, the tasks due.
    expect(laDigest.body.subject).toBe('Your LeadPulse day: 1 lead worth a touch and 2 tasks due');
    const body = text(laDigest);
    expect(body).toMatch(/^Hi Lena,/);
    expect(body).toContain('1. Grace Hopper (Rear Admiral at Navy)');
    expect(body).toContain('Next step: Reply to their message');
    expect(body).toContain(`http://localhost:3000/dashboard/leads/${leadIds.get(la)}`);
    expect(body).toContain('Send the proposal · Grace Hopper · Overdue since');
    expect(body).toContain('Call back · Grace Hopper · Due today at 3:00 PM');
    expect(body).not.toContain('Not yet');
    expect(body).toContain('http://localhost:3000/dashboard/settings?tab=notifications');
    expect(body).toMatch(/Unsubscribe: http:\/\/localhost:3000\/unsubscribe#token=/);
    expect(html(laDigest)).toContain('Settings → Notifications</a>');

    // 07:59 in Tokyo: nothing more for anyone; 08:00 in Tokyo: Tokyo's, once.
    moveClock(await at('Asia/Tokyo', `${day(1)} 07:59`));
    await runEverywhere();
    expect(await digests(tokyo)).toHaveLength(0);
    expect(await digests(la)).toHaveLength(1);
    moveClock(await at('Asia/Tokyo', `${day(1)} 08:00`));
    await runEverywhere();
    await runEverywhere();
    const [tokyoDigest] = await delivered(tokyo, 1);
    expect(text(tokyoDigest)).toMatch(/^Hi Taro,/);
    expect(tokyoDigest.body.subject).toBe('Your LeadPulse day: 1 lead worth a touch');
    expect(await rows(tokyo)).toEqual([{ day: day(1), outcome: 'sent', time_zone: 'Asia/Tokyo' }]);

    // Nothing to say, the switch off, a free member by default: no e-mail, ever.
    for (const session of [empty, off, free]) expect(await digests(session)).toHaveLength(0);
    expect((await rows(empty)).map((row) => row.outcome)).toEqual(['nothing']);
    expect(await rows(off)).toEqual([]);
    expect(new Set((await rows(free)).map((row) => row.outcome))).toEqual(new Set(['off']));

    // A day later, 08:00 in Tokyo again: the next day's digest, and Los Angeles' too (15:00).
    moveClock(new Date(now.getTime() + DAY_MS));
    await runEverywhere();
    await delivered(tokyo, 2);
    await delivered(la, 2);
    expect((await rows(tokyo)).map((row) => row.day)).toEqual([day(1), day(2)]);
  }, 120_000);

  it('survives a restart: a new instance finds the day taken', async () => {
    const restarted = await startTestApp({ env });
    try {
      jest.spyOn(restarted.app.get(Clock), 'now').mockImplementation(() => now);
      expect(await restarted.app.get(DigestService).sendDue()).toEqual({
        sent: 0,
        nothing: 0,
        off: 0,
      });
      expect(await digests(la)).toHaveLength(2);
      expect(await digests(tokyo)).toHaveLength(2);
    } finally {
      await restarted.close();
    }
  }, 60_000);

  it('comes to a free member who turned it on', async () => {
    const on = await call(free, 'PUT', '/api/me/notifications', {
      emailUpdates: true,
      featureAnnouncements: true,
      billingAlerts: true,
      weeklyDigest: false,
      dailyDigest: true,
    });
    expect(on.json()).toMatchObject({ dailyDigest: true });
    moveClock(new Date(now.getTime() + DAY_MS));
    await runEverywhere();
    const [digest] = await delivered(free, 1);
    expect(text(digest)).toContain('Grace Hopper');
  }, 60_000);

  it('tells of the rule matches waiting for it once, and marks them sent', async () => {
    const rule = await call(empty, 'POST', '/api/automation-rules', {
      name: 'Met: tell me',
      trigger: { kind: 'new_signal', signal_kinds: ['met'] },
      actions: [{ type: 'email', when: 'digest' }],
    });
    expect(rule.statusCode).toBe(201);
    const before = (await digests(empty)).length;
    await lead(empty, { first_name: 'Katherine', last_name: 'Johnson' }, 'met');
    const actions = () =>
      one.dataSource
        .query(`SELECT actions FROM automation_runs WHERE rule_id = $1`, [rule.json().id])
        .then((runs: { actions: { type: string; status: string }[] }[]) => runs[0]?.actions);
    expect(await waitFor(actions, 20_000, 'the rule’s run')).toEqual([
      expect.objectContaining({ type: 'email', status: 'queued' }),
    ]);

    moveClock(new Date(now.getTime() + DAY_MS));
    await runEverywhere();
    const telling = async (count: number) =>
      (await delivered(empty, count)).filter((digest) =>
        text(digest).includes('YOUR RULES MATCHED'),
      );
    const [told] = await telling(before + 1);
    expect(text(told)).toContain('- Katherine Johnson · Met: tell me · ');
    expect(html(told)).toContain('Your rules matched');
    expect(await actions()).toEqual([
      expect.objectContaining({
        type: 'email',
        status: 'done',
        detail: 'Sent in the daily digest',
      }),
    ]);

    // The next day's digest (the lead is still in Today) does not tell it again.
    moveClock(new Date(now.getTime() + DAY_MS));
    await runEverywhere();
    expect(await telling(before + 2)).toHaveLength(1);
  }, 90_000);
});
