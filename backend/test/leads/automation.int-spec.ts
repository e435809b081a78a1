import { AutomationRunnerService } from '../../src/leads/automation/automation-runner.service.js';
import { verifyWebhook } from '../../src/leads/automation/webhook-signature.js';
import {
  bearer,
  PASSWORD,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from '../support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';
import { startReceiver } from '../support/webhook-receiver.js';

const ENV = {
  ...NO_RATE_LIMITS,
  JOBS_POLL_INTERVAL_SECONDS: '0.5',
  AUTOMATION_WEBHOOK_RETRY_DELAY_SECONDS: '1',
};

describe('automation rules', () => {
  let t: TestApp;
  let member: SessionBody;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(member), ...(payload ? { payload } : {}) });
  const addLead = async (first_name: string, extra: object = {}) =>
    (await call('POST', '/api/leads', { first_name, last_name: 'Example', ...extra })).json()
      .id as string;
  const logSignal = async (leadId: string, kind: string, occurred_at?: string) => {
    const answer = await call('POST', `/api/leads/${leadId}/signals`, {
      kind,
      ...(occurred_at ? { occurred_at } : {}),
    });
    expect(answer.statusCode).toBe(201);
    return answer.json().id as string;
  };
  const runsOf = async (ruleId: string) =>
    (await call('GET', `/api/automation-rules/${ruleId}/runs`)).json();
  /** Waits until every automation job queued so far has been worked. */
  const settled = () =>
    waitFor(
      async () => {
        const [{ open }] = await t.dataSource.query(
          `SELECT count(*)::int AS open FROM pgboss.job
            WHERE name LIKE 'automation-%' AND name <> 'automation-overdue-sweep'
              AND state IN ('created', 'retry', 'active')`,
        );
        return open === 0 ? true : undefined;
      },
      30_000,
      'the automation queues to drain',
    );

  beforeAll(async () => {
    t = await startTestApp({ env: ENV });
    await resetDatabase(t.dataSource);
    member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('automation'));
  }, 60_000);
  afterAll(() => t.close());

  it('runs a commented-my-post rule with a minimum score once: one task and one signed webhook, even for a duplicate signal, a replayed job and a restart', async () => {
    const receiver = await startReceiver(1);
    try {
      const created = await call('POST', '/api/automation-rules', {
        name: 'Warm commenters',
        trigger: { kind: 'new_signal', signal_kinds: ['commented_my_post'] },
        conditions: { min_score: 10 },
        actions: [
          { type: 'create_task', title: 'Reply to their comment', due_in_days: 1 },
          { type: 'webhook', url: receiver.url },
        ],
      });
      expect(created.statusCode).toBe(201);
      const rule = created.json();
      expect(rule.webhook_secret).toMatch(/^whsec_/);
      // The secret is answered once: never in a list.
      const listed = (await call('GET', '/api/automation-rules')).json();
      expect(listed.count).toBe(1);
      expect(listed.data[0]).not.toHaveProperty('webhook_secret');

      const warm = await addLead('Warm');
      const cold = await addLead('Cold');
      // Sixty days old: its decayed weight keeps the lead's score under the rule's minimum.
      await logSignal(
        cold,
        'commented_my_post',
        new Date(Date.now() - 60 * 86_400_000).toISOString(),
      );
      const signalId = await logSignal(warm, 'commented_my_post');

      const runs = await waitFor(
        async () => {
          const page = await runsOf(rule.id);
          return page.data[0]?.webhooks[0]?.status === 'delivered' ? page : undefined;
        },
        30_000,
        'the run and its delivered webhook',
      );
      expect(runs.count).toBe(1);
      const [run] = runs.data;
      expect(run).toMatchObject({
        rule: { id: rule.id, name: 'Warm commenters' },
        lead: { id: warm },
        trigger: { kind: 'new_signal', signal_kind: 'commented_my_post' },
        outcome: 'done',
      });
      expect(run.actions.map((a: { type: string; status: string }) => [a.type, a.status])).toEqual([
        ['create_task', 'done'],
        ['webhook', 'queued'],
      ]);
      // The first call was answered 500 and retried; both answers are logged on the delivery.
      expect(run.webhooks[0]).toMatchObject({
        status: 'delivered',
        attempts: 2,
        response_status: 200,
        response_body: '{"ok":true}',
      });
      expect(receiver.received).toHaveLength(2);
      for (const call of receiver.received) {
        const header = call.headers['leadpulse-signature'] as string;
        expect(verifyWebhook(rule.webhook_secret, call.body, header)).toBe(true);
        expect(verifyWebhook('whsec_someone_else', call.body, header)).toBe(false);
      }
      const payload = JSON.parse(receiver.received[1].body);
      expect(payload).toMatchObject({
        id: run.webhooks[0].id,
        type: 'rule.matched',
        rule: { id: rule.id, name: 'Warm commenters' },
        lead: { id: warm, first_name: 'Warm' },
        signal: { id: signalId, kind: 'commented_my_post' },
      });
      const tasks = async (leadId: string) =>
        (await call('GET', `/api/tasks?lead_id=${leadId}`)).json();
      expect((await tasks(warm)).data.map((task: { title: string }) => task.title)).toEqual([
        'Reply to their comment',
      ]);
      expect((await tasks(cold)).count).toBe(0);

      // A second comment the same day: at most one run per rule and lead a day.
      await logSignal(warm, 'commented_my_post');
      // The same event again, as a replayed job would bring it, in a new job and in the same one.
      const [job] = await t.dataSource.query(
        `SELECT id, data FROM pgboss.job WHERE name = 'automation-events' AND data->>'signal_id' = $1`,
        [signalId],
      );
      const runner = t.app.get(AutomationRunnerService);
      await runner.handle(job.data, job.id);
      await runner.handle({ ...job.data }, 'another-job-id');
      await settled();

      // A restart: a new process on the same database, its queues and workers anew.
      await t.close();
      t = await startTestApp({ env: ENV });
      await t.app.get(AutomationRunnerService).handle(job.data, job.id);
      await settled();

      const after = await runsOf(rule.id);
      expect(after.count).toBe(1);
      expect((await tasks(warm)).count).toBe(1);
      expect(receiver.received).toHaveLength(2);
      const [{ deliveries }] = await t.dataSource.query(
        `SELECT count(*)::int AS deliveries FROM automation_webhook_deliveries WHERE rule_id = $1`,
        [rule.id],
      );
      expect(deliveries).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it("starts no rule with a rule's own stage move, while the member's own move does", async () => {
    const mover = (
      await call('POST', '/api/automation-rules', {
        name: 'Met: to meeting',
        trigger: { kind: 'new_signal', signal_kinds: ['met'] },
        actions: [{ type: 'move_stage', stage: 'meeting' }],
      })
    ).json();
    const follower = (
      await call('POST', '/api/automation-rules', {
        name: 'Meeting: prepare',
        trigger: { kind: 'stage_changed', stages: ['meeting'] },
        actions: [{ type: 'create_task', title: 'Prepare the meeting', due_in_days: 0 }],
      })
    ).json();
    const met = await addLead('Met');
    await logSignal(met, 'met');
    await waitFor(async () => ((await runsOf(mover.id)).count === 1 ? true : undefined));
    await settled();
    expect((await call('GET', `/api/leads/${met}`)).json().stage).toBe('meeting');
    expect((await runsOf(follower.id)).count).toBe(0);
    // The rule's move is in the lead's history once, as its timeline and analytics read it.
    const history = (await call('GET', `/api/leads/${met}/timeline`)).json().data;
    expect(
      history
        .filter((entry: { type: string }) => entry.type === 'stage')
        .map((e: { stage_change: object }) => e.stage_change),
    ).toEqual([expect.objectContaining({ from: null, to: 'meeting', reason: null })]);

    const moved = await addLead('Moved');
    expect((await call('PATCH', `/api/leads/${moved}`, { stage: 'meeting' })).statusCode).toBe(200);
    const runs = await waitFor(async () => {
      const page = await runsOf(follower.id);
      return page.count === 1 ? page : undefined;
    });
    expect(runs.data[0]).toMatchObject({ lead: { id: moved }, trigger: { stage: 'meeting' } });
    await settled();
    expect((await runsOf(follower.id)).count).toBe(1);
  });

  it('runs a score rule when a score rises past it, and an overdue rule for the member’s own overdue task only', async () => {
    const scoreRule = (
      await call('POST', '/api/automation-rules', {
        name: 'Score 10',
        trigger: { kind: 'score_crossed', score: 10 },
        actions: [{ type: 'monitor' }],
      })
    ).json();
    const overdueRule = (
      await call('POST', '/api/automation-rules', {
        name: 'Overdue',
        trigger: { kind: 'task_overdue' },
        actions: [{ type: 'create_task', title: 'Catch up', due_in_days: 0 }],
      })
    ).json();
    const rising = await addLead('Rising');
    await logSignal(rising, 'replied');
    const scored = await waitFor(async () => {
      const page = await runsOf(scoreRule.id);
      return page.count === 1 ? page : undefined;
    });
    expect(scored.data[0]).toMatchObject({
      lead: { id: rising },
      trigger: { kind: 'score_crossed' },
      actions: [{ type: 'monitor', status: 'done' }],
    });
    expect(scored.data[0].trigger.score).toBeGreaterThanOrEqual(10);
    expect((await call('GET', `/api/leads/${rising}`)).json().monitored).toBe(true);

    const late = await addLead('Late');
    const due = new Date(Date.now() - 60_000).toISOString();
    expect(
      (await call('POST', `/api/leads/${late}/tasks`, { title: 'Send the deck', due_at: due }))
        .statusCode,
    ).toBe(201);
    const runner = t.app.get(AutomationRunnerService);
    await runner.sweepOverdue();
    const overdue = await waitFor(async () => {
      const page = await runsOf(overdueRule.id);
      return page.count === 1 ? page : undefined;
    });
    expect(overdue.data[0]).toMatchObject({
      lead: { id: late },
      trigger: { kind: 'task_overdue' },
    });
    // The rule's own task, made overdue, and a second sweep: nothing more.
    await t.dataSource.query(
      `UPDATE lead_tasks SET due_at = now() - interval '1 minute' WHERE automation_rule_id = $1`,
      [overdueRule.id],
    );
    await runner.sweepOverdue();
    await settled();
    expect((await runsOf(overdueRule.id)).count).toBe(1);
    for (const id of [scoreRule.id, overdueRule.id])
      await call('PATCH', `/api/automation-rules/${id}`, { enabled: false });
  });

  it('previews the current leads a rule would match, and edits, disables and deletes rules', async () => {
    const preview = await call('POST', '/api/automation-rules/preview', {
      trigger: { kind: 'new_signal', signal_kinds: ['commented_my_post'] },
      conditions: { min_score: 10 },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().count).toBe(1);
    expect(preview.json().leads[0].first_name).toBe('Warm');

    const bad = await call('POST', '/api/automation-rules', {
      name: 'Nothing',
      trigger: { kind: 'new_signal', signal_kinds: [] },
      actions: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(['trigger.signal_kinds']);

    const rule = (
      await call('POST', '/api/automation-rules', {
        name: 'Score 50',
        trigger: { kind: 'score_crossed', score: 50 },
        actions: [{ type: 'monitor' }],
      })
    ).json();
    const off = await call('PATCH', `/api/automation-rules/${rule.id}`, { enabled: false });
    expect(off.json()).toMatchObject({
      enabled: false,
      trigger: { kind: 'score_crossed', score: 50 },
    });
    expect((await call('DELETE', `/api/automation-rules/${rule.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/automation-rules/${rule.id}/runs`)).statusCode).toBe(404);
  });

  it('puts rules and runs in “Download my data” without the signing secret, and erases them with the account', async () => {
    const owner = member;
    member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('automation-export'));
    try {
      const rule = (
        await call('POST', '/api/automation-rules', {
          name: 'Exported',
          trigger: { kind: 'new_signal', signal_kinds: ['viewed_my_profile'] },
          actions: [{ type: 'email', when: 'digest' }],
        })
      ).json();
      const lead = await addLead('Viewer');
      await logSignal(lead, 'viewed_my_profile');
      await waitFor(async () => ((await runsOf(rule.id)).count === 1 ? true : undefined));
      const data = (await call('GET', '/api/me/export')).json();
      expect(data.leads.automation_rules).toEqual([
        expect.objectContaining({ id: rule.id, name: 'Exported', enabled: true }),
      ]);
      expect(JSON.stringify(data)).not.toContain(rule.webhook_secret);
      expect(data.leads.automation_runs).toEqual([
        expect.objectContaining({ rule_id: rule.id, lead_id: lead, outcome: 'done', webhooks: [] }),
      ]);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: bearer(member),
        payload: { password: PASSWORD },
      });
      expect(deleted.statusCode).toBe(204);
      const [{ rules, runs }] = await t.dataSource.query(
        `SELECT (SELECT count(*) FROM automation_rules WHERE id = $1)::int AS rules,
                (SELECT count(*) FROM automation_runs WHERE rule_id = $1)::int AS runs`,
        [rule.id],
      );
      expect({ rules, runs }).toEqual({ rules: 0, runs: 0 });
    } finally {
      member = owner;
    }
  });

  it('never calls a webhook at a refused address, and refuses one at creation', async () => {
    await t.close();
    t = await startTestApp({ env: { ...ENV, AUTOMATION_WEBHOOK_ALLOW_PRIVATE: 'false' } });
    const receiver = await startReceiver();
    try {
      for (const url of [
        receiver.url,
        'https://127.0.0.1/hook',
        'https://10.1.2.3/hook',
        'https://[::1]/hook',
      ]) {
        const refused = await call('POST', '/api/automation-rules', {
          name: 'Private',
          trigger: { kind: 'new_signal', signal_kinds: ['replied'] },
          actions: [{ type: 'webhook', url }],
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().errors).toHaveProperty(['actions.0.url']);
      }
      const rule = (
        await call('POST', '/api/automation-rules', {
          name: 'Public',
          trigger: { kind: 'new_signal', signal_kinds: ['replied'] },
          actions: [{ type: 'webhook', url: 'https://hooks.example.com/leadpulse' }],
        })
      ).json();
      // As if its name now resolved to this server: the delivery checks the address it would call.
      const loopback = receiver.url.replace('http:', 'https:');
      await t.dataSource.query(
        `UPDATE automation_rules SET actions = jsonb_build_array(jsonb_build_object('type', 'webhook', 'url', $2::text))
          WHERE id = $1`,
        [rule.id, loopback],
      );
      const lead = await addLead('Replier');
      await logSignal(lead, 'replied');
      const runs = await waitFor(
        async () => {
          const page = await runsOf(rule.id);
          return page.data[0]?.webhooks[0]?.status === 'refused' ? page : undefined;
        },
        30_000,
        'the refused delivery',
      );
      expect(runs.data[0].webhooks[0]).toMatchObject({ attempts: 0, response_status: null });
      expect(runs.data[0].webhooks[0].error).toMatch(/private|loopback|HTTPS/);
      await settled();
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});
