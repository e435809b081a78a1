import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../support/admin.js';
import { startAsNewMember } from '../../pages/site.js';

test('the Admin Panel link opens the back office already signed in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel('Email').fill(E2E_ADMIN.email);
  await dialog.getByLabel('Password').fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  if (test.info().project.name === 'mobile')
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByText('Total Users')).toBeVisible();
});

test('a member who is not an administrator sees Access Denied', async ({ page }, info) => {
  const email = `member.${info.project.name}.${Date.now().toString(36)}@example.com`;
  await startAsNewMember(page, { name: 'Just Member', email, password: 'member passphrase' });
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(
    page.getByText("You don't have permission to access the admin portal."),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
