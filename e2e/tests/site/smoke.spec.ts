import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../../support/axe.js';

test.describe('the product as a newcomer first sees it', () => {
  test('the landing page renders', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Turn Likes Into Leads' })).toBeVisible();
    await expect(page.getByText('5 Min Setup')).toBeVisible();
    await expect(page).toHaveTitle(/LeadPulse/);
    await expectNoSeriousAxeViolations(page, 'the landing page');
  });

  test('the admin portal renders at /admin, asking for a sign-in', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin' })).toBeVisible();
    await expect(page.getByText('Sign in to access the admin portal')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'the admin sign-in');
  });

  test('an unknown path renders the not-found page and logs the route', async ({ page }) => {
    const logged = page.waitForRequest(
      (request) => request.url().endsWith('/api/logs') && request.method() === 'POST',
    );
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'the not-found page');
    expect((await logged).postDataJSON()).toMatchObject({
      level: 'WARN',
      message: 'Route not found: /no/such/page',
    });

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Turn Likes Into Leads' })).toBeVisible();
  });

  test('every page of the site answers 200, and a near miss 404', async ({ request }) => {
    for (const path of ['/', '/dashboard', '/dashboard/settings', '/terms', '/privacy'])
      expect((await request.get(path)).status(), path).toBe(200);
    for (const path of ['/dashboard/nope', '/term', '/pricing'])
      expect((await request.get(path)).status(), path).toBe(404);
  });

  test('the API reports itself healthy', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'healthy',
      checks: { database: { status: 'healthy' } },
    });
  });
});
