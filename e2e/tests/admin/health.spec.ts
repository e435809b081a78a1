import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../support/admin.js';

test('an administrator signs in, sees the health checks, switches tabs, and the page refreshes by itself', async ({
  page,
}) => {
  await page.goto('/admin');
  await page.getByLabel(/^Email/).fill(E2E_ADMIN.email);
  await page.getByLabel(/^Password/).fill('not the password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByText('Invalid email or password. Please check your credentials and try again.'),
  ).toBeVisible();
  await page.getByLabel(/^Password/).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Total Users')).toBeVisible();

  // A controllable clock, so the 30 s auto-refresh can be seen without waiting for it.
  await page.clock.install();
  const reports: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/admin/health') reports.push(response.url());
  });
  await page.goto('/admin/health');
  const checks = page.getByRole('table', { name: 'Health checks' });
  await expect(checks.getByRole('row').filter({ hasText: 'Database' })).toContainText('Healthy');
  await expect(checks.getByRole('row').filter({ hasText: 'Stripe' }).first()).toContainText(
    'Healthy',
  );
  await expect(page.getByText('Checks', { exact: true })).toBeVisible();
  const lastUpdated = page.getByRole('status').filter({ hasText: 'Last updated' });
  await expect(lastUpdated).toBeVisible();
  const firstUpdate = await lastUpdated.textContent();

  await page.getByRole('tab', { name: 'Performance Metrics' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Recent samples' })
      .or(page.getByText('No samples yet: the server samples itself every minute.')),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'System Info' }).click();
  const system = page.getByRole('table', { name: 'System info' });
  await expect(system.getByRole('row').filter({ hasText: 'Version' })).toContainText('1.0.0');
  // The product's database: the embedded one, or the PostgreSQL server the journeys run it on.
  await expect(system.getByRole('row').filter({ hasText: 'Database' })).toContainText(
    process.env.E2E_DATABASE_URL ? /PostgreSQL \d+/ : 'Embedded',
  );
  await expect(system.getByRole('row').filter({ hasText: 'Node.js' })).toContainText(/v\d+\./);

  // Thirty seconds later the page has asked again by itself, and says when.
  const asked = reports.length;
  await page.clock.fastForward('00:31');
  await expect.poll(() => reports.length).toBeGreaterThan(asked);
  await expect(lastUpdated).not.toHaveText(firstUpdate!);
  await page.getByRole('tab', { name: 'Health Checks' }).click();
  await expect(checks).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Sign in to access the admin portal')).toBeVisible();
});
