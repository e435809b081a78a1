import { expect, test } from '@playwright/test';

test('the admin System Health screen shows the live checks', async ({ page }) => {
  await page.goto('/admin/health');
  await expect(page.getByText('System Health').first()).toBeVisible();
  await expect(page.getByText('healthy').first()).toBeVisible();
  await expect(page.getByText('Database')).toBeVisible();
  await expect(page.getByText(/Last updated/)).toBeVisible();
});
