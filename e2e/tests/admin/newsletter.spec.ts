import { expect, test } from '@playwright/test';
import { rowsWithText, openAdmin } from '../../pages/admin.js';

test('add a subscriber, unsubscribe and resubscribe them', async ({ page }, info) => {
  const email = `news.${info.project.name}.${Date.now().toString(36)}@example.com`;
  await openAdmin(page, '/admin/newsletter');
  await page.getByRole('button', { name: 'Add Subscriber' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Subscriber' });
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByRole('button', { name: 'Add Subscriber' }).click();
  await expect(page.getByText(`${email} added to the newsletter`)).toBeVisible();

  await page.getByPlaceholder('Search emails...').fill(email);
  const row = rowsWithText(page, email);
  await expect(row.getByText('manual')).toBeVisible();
  await expect(row.getByText('active')).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(`Unsubscribed ${email}`)).toBeVisible();
  await expect(row.getByText('unsubscribed')).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Resubscribe' }).click();
  await expect(page.getByText(`Resubscribed ${email}`)).toBeVisible();
  await expect(row.getByText('active')).toBeVisible();
});
