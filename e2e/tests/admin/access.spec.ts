import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../support/admin.js';
import { linkFromOutbox } from '../../support/outbox.js';

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
  await expect(
    page.getByText('Users, subscriptions, promotions and system health at a glance.'),
  ).toBeVisible();
});

test('a member who is not an administrator sees Access Denied', async ({ page }, info) => {
  const email = `member.${info.project.name}.${Date.now().toString(36)}@example.com`;
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const signup = page.getByRole('dialog', { name: 'Create Account' });
  await signup.getByLabel('Full Name').fill('Just Member');
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel(/^Password/).fill('member passphrase');
  await signup.getByLabel('Confirm Password').fill('member passphrase');
  await signup.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
  await signup.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully!', { exact: false })).toBeVisible();
  await page.goto(await linkFromOutbox(email, 'confirm-email'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(
    page.getByText("You don't have permission to access the admin portal."),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
