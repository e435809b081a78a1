import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../support/admin.js';

test('an administrator signs in and sees the live health checks', async ({ page }) => {
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

  await page.goto('/admin/health');
  await expect(page.getByText('healthy').first()).toBeVisible();
  await expect(page.getByText('Database')).toBeVisible();
  await expect(page.getByText(/Last updated/)).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Sign in to access the admin portal')).toBeVisible();
});
