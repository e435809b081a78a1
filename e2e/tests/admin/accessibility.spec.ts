import { expect, test, type Page } from '@playwright/test';
import { signInToAdmin } from '../../pages/admin.js';
import { expectNoSeriousAxeViolations } from '../../support/axe.js';

const shot = (page: Page, project: string, name: string) =>
  page.screenshot({ path: `/tmp/shots-admin/${project}-${name}.png`, fullPage: true });

/** Each screen of the back office, with what shows once its data is in. */
const SCREENS: { path: string; name: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/admin',
    name: 'dashboard',
    ready: (page) => expect(page.getByText('Total Users')).toBeVisible(),
  },
  {
    path: '/admin/users',
    name: 'users',
    ready: (page) => expect(page.getByPlaceholder('Search users...')).toBeVisible(),
  },
  {
    path: '/admin/roles',
    name: 'roles',
    ready: (page) => expect(page.getByRole('button', { name: 'Create Role' })).toBeVisible(),
  },
  {
    path: '/admin/emails',
    name: 'emails',
    ready: (page) => expect(page.getByRole('table')).toBeVisible(),
  },
  {
    path: '/admin/subscriptions',
    name: 'subscriptions',
    ready: (page) => expect(page.getByRole('table')).toBeVisible(),
  },
  {
    path: '/admin/newsletter',
    name: 'newsletter',
    ready: (page) => expect(page.getByRole('table')).toBeVisible(),
  },
  {
    path: '/admin/promotions',
    name: 'promotions',
    ready: (page) => expect(page.getByRole('table')).toBeVisible(),
  },
  {
    path: '/admin/stripe-events',
    name: 'stripe-events',
    ready: (page) => expect(page.getByRole('table')).toBeVisible(),
  },
  {
    path: '/admin/admin-actions',
    name: 'audit-log',
    ready: (page) => expect(page.getByRole('table')).toBeVisible(),
  },
  {
    path: '/admin/health',
    name: 'health',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
];

for (const screen of SCREENS) {
  test(`the back office's ${screen.name} screen passes axe`, async ({ page }, info) => {
    await signInToAdmin(page);
    await page.goto(screen.path);
    await screen.ready(page);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await shot(page, info.project.name, screen.name);
    await expectNoSeriousAxeViolations(page, `the admin ${screen.name} screen`);
  });
}

test("the back office's Add User dialog passes axe", async ({ page }) => {
  await signInToAdmin(page);
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New User' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the Create New User dialog');
});
