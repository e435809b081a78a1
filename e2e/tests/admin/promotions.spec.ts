import { expect, test } from '@playwright/test';
import { rowsWithText, openAdmin } from '../../pages/admin.js';

test('create a promotion and toggle it', async ({ page }, info) => {
  const code = `E2E${info.project.name.slice(0, 1).toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  await openAdmin(page, '/admin/promotions');
  await page.getByRole('button', { name: 'Create Promotion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Promotion' });
  await dialog.getByLabel(/^Name/).fill('Launch week');
  await dialog.getByLabel(/^Code/).fill(code);
  await dialog.getByLabel(/^Value/).fill('20');
  await dialog.getByLabel('Max Uses').fill('50');
  await dialog.getByRole('button', { name: 'Create Promotion' }).click();
  await expect(page.getByText(`Promotion ${code} created`)).toBeVisible();

  await page.getByPlaceholder('Search promotions...').fill(code);
  const row = rowsWithText(page, code);
  await expect(row.getByText('20%')).toBeVisible();
  await expect(row.getByText('0 / 50')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${code}` }).click();
  await page.getByRole('menuitem', { name: 'Toggle Active' }).click();
  await expect(page.getByText(`Promotion ${code} deactivated`)).toBeVisible();
  await expect(row.getByText('Inactive')).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${code}` }).click();
  await page.getByRole('menuitem', { name: 'Toggle Active' }).click();
  await expect(page.getByText(`Promotion ${code} activated`)).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
});
