import { expect, test, type Page } from '@playwright/test';
import { adminApi, rowsWithText, openAdmin } from '../../pages/admin.js';
import { payOnCheckout, startAsNewMember, startFoundingCheckout } from '../../pages/site.js';

const tagFor = (project: string) => `${project}.${Date.now().toString(36)}`;

async function openProfile(page: Page, email: string) {
  await page.goto('/admin/users');
  await page.getByPlaceholder('Search users...').fill(email);
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await rowsWithText(page, email).getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByRole('region', { name: 'Account Information' })).toBeVisible();
}

async function auditLogFor(page: Page, action: string) {
  await page.goto('/admin/admin-actions');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: action, exact: true }).click();
}

test('an Owner gives a Support role; its holder edits users but cannot refund, and the Audit Log shows both kinds of write', async ({
  page,
  browser,
}, info) => {
  const tag = tagFor(info.project.name);
  const role = `Support ${tag}`;
  const support = {
    name: 'Sam Support',
    email: `${tag}.support@example.com`,
    password: 'support pass phrase',
  };
  const customer = `${tag}.customer@example.com`;

  test.setTimeout(180_000);
  // A paying customer, and a second person (in a browser of their own) who becomes an administrator.
  await payOnCheckout(page, await startFoundingCheckout(page, customer));
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await startAsNewMember(staffPage, support);
  const api = await adminApi(page.request);
  const staff = await api.findUser(support.email);
  await api.updateUser(staff.id, { is_admin: true });

  // The Owner creates the role and gives it from the profile.
  await openAdmin(page, '/admin/roles');
  await page.getByRole('button', { name: 'Create Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Role' });
  await dialog.getByLabel(/^Name/).fill(role);
  await dialog.getByLabel('Manage users').check();
  await dialog.getByRole('button', { name: 'Create Role' }).click();
  await expect(rowsWithText(page, role).getByText('manage_users')).toBeVisible();

  await openProfile(page, support.email);
  const account = page.getByRole('region', { name: 'Account Information' });
  await expect(account.getByText('No roles')).toBeVisible();
  await account.getByRole('button', { name: 'Change Roles' }).click();
  await account.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: role }).click();
  await page.keyboard.press('Escape');
  await account.getByRole('button', { name: 'Save Roles' }).click();
  await expect(account.getByRole('button', { name: 'Change Roles' })).toBeVisible();
  await expect(account.getByText(role)).toBeVisible();

  // The Support administrator opens the back office (the site's session carries over): no money
  // actions, but users can be edited.
  await staffPage.goto('/admin');
  await expect(staffPage.getByText('Total Users')).toBeVisible();
  await openProfile(staffPage, customer);
  await expect(staffPage.getByText('Payment History')).toBeVisible();
  await expect(staffPage.getByRole('button', { name: 'Process Refund' })).toHaveCount(0);
  const staffAccount = staffPage.getByRole('region', { name: 'Account Information' });
  await staffAccount.getByRole('button', { name: 'Edit' }).click();
  await staffAccount.getByLabel('Company').fill(`Initech ${tag}`);
  await staffAccount.getByRole('button', { name: 'Save Changes' }).click();
  await expect(staffPage.getByText('User updated successfully')).toBeVisible();

  await staffPage.goto('/admin/subscriptions');
  await staffPage.getByPlaceholder('Search customers...').fill(customer);
  await expect(
    rowsWithText(staffPage, customer).getByText('Active', { exact: true }),
  ).toBeVisible();
  await expect(
    rowsWithText(staffPage, customer).getByRole('button', { name: /^Actions for / }),
  ).toHaveCount(0);

  await auditLogFor(staffPage, 'User updated');
  const edit = rowsWithText(staffPage, `Initech ${tag}`);
  await expect(edit.getByText('Sam Support')).toBeVisible();
  await staffContext.close();

  // The Owner refunds the customer, and the Audit Log shows it among refunds, with its amount.
  await openProfile(page, customer);
  await page
    .getByRole('region', { name: 'Customer Service' })
    .getByRole('button', { name: 'Process Refund' })
    .click();
  const refund = page.getByRole('dialog', { name: 'Process Refund' });
  await refund.getByLabel('Payment').click();
  await page.getByRole('option', { name: /^\$50 ·/ }).click();
  await refund.getByLabel('Amount (USD)').fill('15');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText(`Refunded $15 to ${customer}`)).toBeVisible();

  await auditLogFor(page, 'Refund processed');
  const refunded = rowsWithText(page, customer);
  await expect(refunded).toHaveCount(1);
  await expect(refunded.getByText('Refund processed')).toBeVisible();
  await expect(refunded.getByText('$15', { exact: false }).first()).toBeVisible();
});
