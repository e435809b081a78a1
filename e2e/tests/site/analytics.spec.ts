import { readFileSync } from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../../support/axe.js';
import { openFromSidebar } from '../../pages/leads.js';
import { fitsTheWidth, shot } from '../../pages/screens.js';
import { startAsNewMember } from '../../pages/site.js';

/** The parts of GET /api/analytics the page's tables are checked against. */
interface AnalyticsAnswer {
  funnel: { step: string; count: number; conversion: number | null }[];
  signals_per_week: { week: string; kind: string; count: number }[];
  score_distribution: { from: number; to: number; count: number }[];
  median_days_to_meeting: number | null;
  meetings: number;
  reasons: { won: { reason: string | null; count: number }[]; lost: unknown[] };
}

/** A table's body rows as text cells, the row header first. */
async function rowsOf(table: Locator): Promise<string[][]> {
  const rows = table.locator('tbody tr');
  const cells: string[][] = [];
  for (let index = 0; index < (await rows.count()); index++)
    cells.push(
      (await rows.nth(index).locator('th, td').allTextContents()).map((text) => text.trim()),
    );
  return cells;
}

test('the analytics page shows the sample’s figures as the API counts them, with tables, CSV and a period; the Welcome grid links each live capability', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const member = {
    name: 'Ada Lovelace',
    email: `analytics.${info.project.name}.${Date.now().toString(36)}@example.com`,
    password: 'analytics passphrase',
  };
  await startAsNewMember(page, member);
  await openFromSidebar(page, 'Leads');
  await page.getByRole('button', { name: 'Try the sample data' }).click();
  await expect(
    page.getByRole('region', { name: 'Import', exact: true }).getByText(/^Read [\d,]+ rows/),
  ).toBeVisible({ timeout: 90_000 });

  // Two leads through the pipeline: one won after a meeting, one lost, each with a reason.
  const login = await page.request.post('/api/auth/login', {
    data: { email: member.email, password: member.password },
  });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  for (const [name, stage, reason] of [
    ['Grace', 'won', 'Referral from a client'],
    ['Alan', 'lost', 'No budget this year'],
  ] as const) {
    const made = await page.request.post('/api/leads', {
      headers,
      data: { first_name: name, last_name: 'Pipeline', stage: 'contacted' },
    });
    expect(made.status()).toBe(201);
    const id = (await made.json()).id as string;
    if (stage === 'won')
      expect(
        (
          await page.request.post(`/api/leads/${id}/signals`, { headers, data: { kind: 'met' } })
        ).status(),
      ).toBe(201);
    const moved = await page.request.patch(`/api/leads/${id}`, {
      headers,
      data: { stage, stage_reason: reason },
    });
    expect(moved.status()).toBe(200);
  }

  // The page, over the last 90 days by default: each table says what the API answered.
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/analytics',
  );
  await openFromSidebar(page, 'Analytics');
  const api = (await (await answered).json()) as AnalyticsAnswer;
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveText('Last 90 days');

  const funnel = page.getByRole('table', { name: 'Funnel table' });
  await expect(funnel).toBeVisible();
  const labels = ['Leads', 'Tracked', 'Contacted', 'Conversation', 'Meeting', 'Won'];
  expect(await rowsOf(funnel)).toEqual(
    api.funnel.map((entry, index) => [
      labels[index],
      String(entry.count),
      entry.conversion === null ? '–' : `${entry.conversion}%`,
    ]),
  );
  // The sample's new connections and the two leads added today are in the period.
  expect(api.funnel[0].count).toBeGreaterThanOrEqual(2);
  expect(api.funnel[1].count).toBeGreaterThanOrEqual(2);
  expect(api.funnel[5].count).toBeGreaterThanOrEqual(1);

  const weekly = await rowsOf(page.getByRole('table', { name: 'Signals per week table' }));
  const signals = api.signals_per_week.reduce((sum, row) => sum + row.count, 0);
  expect(signals).toBeGreaterThan(0);
  expect(weekly.reduce((sum, row) => sum + Number(row.at(-1)), 0)).toBe(signals);
  for (const row of weekly)
    expect(Number(row.at(-1))).toBe(
      api.signals_per_week
        .filter((entry) => entry.week === row[0])
        .reduce((sum, entry) => sum + entry.count, 0),
    );

  expect(await rowsOf(page.getByRole('table', { name: 'Score distribution table' }))).toEqual(
    api.score_distribution.map((bucket) => [`${bucket.from}–${bucket.to}`, String(bucket.count)]),
  );
  expect(api.median_days_to_meeting).not.toBeNull();
  await expect(
    page
      .getByRole('region', { name: 'Days to meeting' })
      .getByText(`median of ${api.meetings} ${api.meetings === 1 ? 'meeting' : 'meetings'}`, {
        exact: false,
      }),
  ).toBeVisible();
  expect(
    await rowsOf(page.getByRole('table', { name: 'Why leads were won table' })),
  ).toContainEqual(['Referral from a client', '1']);
  expect(
    await rowsOf(page.getByRole('table', { name: 'Why leads were lost table' })),
  ).toContainEqual(['No budget this year', '1']);

  await expect(page.getByRole('img', { name: /^Chart: Funnel/ })).toBeVisible();
  await fitsTheWidth(page);
  await shot(page, 'analytics', info.project.name);
  await expectNoSeriousAxeViolations(page, 'the analytics page');

  // Each table downloads as CSV with the same figures.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Funnel as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('funnel.csv');
  const csv = readFileSync((await file.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toBe('Step,Leads,Conversion from the previous step');
  expect(csv.slice(1).map((line) => Number(line.split(',')[1]))).toEqual(
    api.funnel.map((entry) => entry.count),
  );

  // A custom period: a start after the end is refused on the spot; a period of years ago is empty.
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Custom period' }).click();
  await page.getByLabel('From', { exact: true }).fill('2026-03-10');
  await page.getByLabel('To', { exact: true }).fill('2026-03-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('The period must start on or before its last day.')).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill('2019-01-01');
  await page.getByLabel('To', { exact: true }).fill('2019-01-31');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/from=2019-01-01&to=2019-01-31/);
  await expect(
    page.getByRole('heading', { name: 'Nothing to count in this period' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Import leads' })).toBeVisible();
  await shot(page, 'analytics-empty', info.project.name);

  // The Welcome grid: each live capability links to its page; Analytics opens this page.
  await openFromSidebar(page, 'Welcome');
  await expect(page.getByRole('heading', { name: "What's Coming" })).toBeVisible();
  for (const [title, href] of [
    ['Lead Monitoring', '/dashboard/today'],
    ['AI Lead Scoring', '/dashboard/icp'],
    ['Dream Lead Tracker', '/dashboard/pipeline'],
    ['Personalized Comment Generation', '/dashboard/comments'],
    ['Analytics Dashboard', '/dashboard/analytics'],
    ['Daily Digest', '/dashboard/settings?tab=notifications'],
  ])
    await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveAttribute('href', href);
  await shot(page, 'welcome', info.project.name);
  await page.getByRole('link', { name: /Analytics Dashboard/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/analytics$/);
  await expect(page.getByRole('table', { name: 'Funnel table' })).toBeVisible();
});
