import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInToAdmin } from '../../pages/admin.js';
import { E2E_ADMIN } from '../../support/admin.js';
import { freshDataDir, repoRoot, startProduct, type Product } from '../../support/product.js';

/**
 * A fresh demo: `npm run seed` on an empty data folder, then `npm start` on it, as the README
 * says. The dashboard's revenue then shows the year of history the seed played on the sandbox.
 */
let product: Product;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const dataDir = freshDataDir();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  const seeded = spawnSync('npm', ['run', 'seed', '--silent'], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    timeout: 180_000,
  });
  expect(seeded.status, seeded.stdout + seeded.stderr).toBe(0);
  expect(seeded.stdout).toContain(
    'Their history covers the last 395 days on a test clock of their own',
  );
  product = await startProduct({
    dataDir,
    env: { ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password },
  });
});

test.afterAll(async () => {
  if (!product) return;
  await product.stop();
  rmSync(product.dataDir, { recursive: true, force: true });
});

test('the dashboard charts a year of seeded revenue: every month has MRR, most have new members', async ({
  page,
}) => {
  await signInToAdmin(page, product.baseUrl);
  const revenue = page.getByRole('region', { name: 'Revenue', exact: true });
  await revenue.scrollIntoViewIfNeeded();

  // The monthly table: twelve months, each with MRR and revenue.
  const table = revenue.getByRole('table', { name: 'Monthly revenue' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(12);
  const cells = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
  );
  const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));
  for (const [month, mrr, newMrr, , , , , revenueCell] of cells) {
    expect(dollars(mrr), `MRR of ${month}`).toBeGreaterThan(0);
    expect(dollars(revenueCell), `revenue of ${month}`).toBeGreaterThan(0);
    expect(dollars(newMrr), `new MRR of ${month}`).not.toBeNaN();
  }
  expect(cells.filter((row) => dollars(row[2]) > 0).length).toBeGreaterThanOrEqual(10);
  // MRR grew over the year.
  expect(dollars(cells[11][1])).toBeGreaterThan(dollars(cells[0][1]));

  // The chart draws the movements: bars of several months, above and below the line.
  const chart = revenue.getByRole('figure', { name: 'MRR movements' });
  await expect(chart.locator('svg').first()).toBeVisible();
  const bars = await chart.locator('svg rect').evaluateAll((rects) =>
    rects
      .map((rect) => (rect as SVGRectElement).getBBox())
      .filter((box) => box.height >= 1 && box.width >= 1 && box.width < 200)
      .map((box) => Math.round(box.x)),
  );
  expect(new Set(bars).size, 'months with a bar').toBeGreaterThanOrEqual(10);
  const signups = revenue.getByRole('figure', { name: 'Signups' });
  await expect(signups.locator('svg').first()).toBeVisible();
  await test.info().attach('revenue', {
    body: await revenue.screenshot(),
    contentType: 'image/png',
  });
});
