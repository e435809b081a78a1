import { expect, test } from '@playwright/test';
import { openAdmin, signInToAdmin } from '../../pages/admin.js';
import { expectNoSeriousAxeViolations } from '../../support/axe.js';
import { shot } from '../../pages/screens.js';

/**
 * Each screen of the back office: its path, and what shows once its data is in (a list's
 * "Showing … results" line, or a text of the screen).
 */
const SCREENS: {
  path: string;
  name: string;
  list: boolean;
  shows?: string;
  /** Reached through the sign-in form (the others open signed in). */
  signIn?: boolean;
}[] = [
  { path: '/admin', name: 'dashboard', list: false, shows: 'Total Users', signIn: true },
  { path: '/admin/users', name: 'users', list: true },
  { path: '/admin/roles', name: 'roles', list: false, shows: 'Create Role' },
  { path: '/admin/emails', name: 'emails', list: true },
  { path: '/admin/subscriptions', name: 'subscriptions', list: true },
  { path: '/admin/newsletter', name: 'newsletter', list: true },
  { path: '/admin/promotions', name: 'promotions', list: true },
  { path: '/admin/stripe-events', name: 'stripe-events', list: true },
  { path: '/admin/admin-actions', name: 'audit-log', list: true },
  { path: '/admin/error-reports', name: 'error-reports', list: true },
  { path: '/admin/health', name: 'health', list: false, shows: 'System Health' },
];

for (const screen of SCREENS) {
  test(`the back office's ${screen.name} screen passes axe`, async ({ page }, info) => {
    if (screen.signIn) await signInToAdmin(page);
    else await openAdmin(page, screen.path);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    if (screen.shows) await expect(page.getByText(screen.shows).first()).toBeVisible();
    if (screen.list)
      await expect(page.getByText(/^Showing \d+ to \d+ of \d+ results$/).first()).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await shot(page, screen.name, info.project.name);
    await expectNoSeriousAxeViolations(page, `the admin ${screen.name} screen`);
  });
}

test("the back office's Add User dialog passes axe", async ({ page }) => {
  await openAdmin(page, '/admin/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New User' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the Create New User dialog');
});
