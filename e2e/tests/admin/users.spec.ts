import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { adminApi, rowsWithText, openAdmin } from '../../pages/admin.js';

const tagFor = (project: string) => `u${project.slice(0, 1)}${Date.now().toString(36)}`;

test('search (debounced) and each user filter narrow the list', async ({ page, request }, info) => {
  const tag = tagFor(info.project.name);
  const api = await adminApi(request);
  const email = (name: string) => `${tag}.${name}@example.com`;
  await api.createUser({ first_name: 'Act', last_name: 'Ive', email: email('active') });
  await api.createUser({
    first_name: 'Pen',
    last_name: 'Ding',
    email: email('pending'),
    status: 'pending',
  });
  await api.createUser({
    first_name: 'In',
    last_name: 'Active',
    email: email('inactive'),
    status: 'inactive',
  });
  await api.createUser({
    first_name: 'Ad',
    last_name: 'Min',
    email: email('admin'),
    is_admin: true,
    status: 'pending',
  });
  await api.createUser({
    first_name: 'Found',
    last_name: 'Er',
    email: email('founder'),
    founding_member: true,
    status: 'inactive',
  });
  const paid = await api.createUser({ first_name: 'Pa', last_name: 'Id', email: email('paid') });
  await api.updateUser(paid.id, { status: 'paid' });

  await openAdmin(page, '/admin/users');
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/)).toBeVisible();

  // Typing fast sends one search, for the whole text, once typing stops.
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/admin/users' && url.searchParams.get('filter')?.includes('"q"'))
      searches.push(JSON.parse(url.searchParams.get('filter')!).q);
  });
  await page
    .getByPlaceholder('Search users...')
    .pressSequentially(tag.toUpperCase(), { delay: 40 });
  await expect(page.getByText('Showing 1 to 6 of 6 results')).toBeVisible();
  expect(searches).toEqual([tag.toUpperCase()]);
  await expect(page.getByText('Page 1 of 1')).toBeVisible();

  const expectations: [option: string, shown: string[]][] = [
    ['Admins', ['admin']],
    ['Founding Members', ['founder']],
    ['Active', ['active']],
    ['Setup Required', ['paid']],
    ['Pending', ['admin', 'pending']],
    ['Inactive', ['founder', 'inactive']],
    ['All Users', ['active', 'admin', 'founder', 'inactive', 'paid', 'pending']],
  ];
  for (const [option, shown] of expectations) {
    await page.getByLabel('Filter').click();
    // The All option's accessible name is react-admin's "Clear value"; its text is ours.
    await page
      .getByRole('option')
      .filter({ hasText: new RegExp(`^${option}$`) })
      .click();
    await expect(page.getByText(`of ${shown.length} results`)).toBeVisible();
    for (const name of shown) await expect(rowsWithText(page, email(name))).toHaveCount(1);
  }
});

test('create a user, edit and cancel, edit and save, apply and remove a promo, resend the welcome e-mail', async ({
  page,
}, info) => {
  const tag = tagFor(info.project.name);
  const email = `${tag}.created@example.com`;
  await openAdmin(page, '/admin/users');

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New User' });
  const create = dialog.getByRole('button', { name: 'Create User' });
  await dialog.getByLabel(/^First Name/).fill('Mary');
  await dialog.getByLabel(/^Last Name/).fill('Jackson');
  await expect(create).toBeDisabled();
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel('Company').fill('NACA');
  await expect(dialog.getByLabel('Subscription Plan')).toHaveText('Prospector');
  await expect(dialog.getByLabel('Status')).toHaveText('Active');
  await create.click();
  await expect(page.getByText('User created successfully')).toBeVisible();

  await page.getByPlaceholder('Search users...').fill(email);
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  const row = rowsWithText(page, email);
  await expect(row.getByText('Prospector')).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await row.getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { name: 'Mary Jackson', level: 1 })).toBeVisible();

  const account = page.getByRole('region', { name: 'Account Information' });
  await account.getByRole('button', { name: 'Edit' }).click();
  await account.getByLabel('Company').fill('Langley');
  await account.getByRole('button', { name: 'Cancel' }).click();
  await expect(account.getByText('NACA')).toBeVisible();
  await account.getByRole('button', { name: 'Edit' }).click();
  await expect(account.getByLabel('Company')).toHaveValue('NACA');
  await account.getByLabel('Company').fill('Langley');
  await account.getByLabel('Job Title').fill('Engineer');
  await account.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(account.getByText('Langley')).toBeVisible();
  await expect(account.getByText('Engineer')).toBeVisible();
  const activity = page.getByRole('region', { name: 'Activity History' });
  await expect(activity.getByText('company: NACA → Langley', { exact: false })).toBeVisible();

  const promos = page.getByRole('region', { name: 'Promo Management' });
  await promos.getByRole('button', { name: 'Add Promo' }).click();
  const promo = page.getByRole('dialog', { name: 'Add Promo Code' });
  await expect(promo.getByRole('button', { name: 'Apply Promo' })).toBeDisabled();
  await promo.getByLabel('Promo Type').click();
  await page.getByRole('option', { name: 'Beta Tester (50% off)' }).click();
  await promo.getByLabel('Duration (days)').fill('30');
  await promo.getByPlaceholder('Reason for applying this promo...').fill('Pilot customer');
  await promo.getByRole('button', { name: 'Apply Promo' }).click();
  await expect(page.getByText(`Promo applied successfully to ${email}`)).toBeVisible();
  await expect(promos.getByText('Beta Tester')).toBeVisible();
  await expect(promos.getByText('30', { exact: true })).toBeVisible();
  await promos.getByRole('button', { name: 'Remove Promo' }).click();
  await expect(page.getByText('Promo removed successfully')).toBeVisible();
  await expect(promos.getByText('No active promo')).toBeVisible();

  const quick = page.getByRole('region', { name: 'Quick Actions' });
  await quick.getByRole('button', { name: 'Resend Welcome Email' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Welcome email sent to ${email}` }),
  ).toBeVisible();
  await expect(activity.getByText(`Welcome email sent to ${email}`)).toBeVisible();
  await page.goto('/admin/emails');
  await page.getByPlaceholder('Search recipients...').fill(email);
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  const sent = rowsWithText(page, email);
  await expect(sent).toHaveCount(1);
  await expect(sent.getByText('welcome')).toBeVisible();
  // The row opens the e-mail (retried: the list may re-render under the first click).
  await expect(async () => {
    if (!/\/show$/.test(page.url())) await sent.getByText(email).click({ timeout: 2_000 });
    await expect(page.getByTitle('Rendered e-mail')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // The back office sees the setup link without its secret.
  await expect(
    page.frameLocator('iframe[title="Rendered e-mail"]').getByText(/\/setup-password#token=…$/),
  ).toBeVisible();
});

test('export downloads users.csv of the current search', async ({ page, request }, info) => {
  const tag = tagFor(info.project.name);
  const api = await adminApi(request);
  for (const name of ['one', 'two', 'three'])
    await api.createUser({
      first_name: name,
      last_name: 'Export',
      email: `${tag}.${name}@example.com`,
    });
  await openAdmin(page, '/admin/users');
  await page.getByPlaceholder('Search users...').fill(tag);
  await expect(page.getByText('Showing 1 to 3 of 3 results')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('users.csv');
  const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
  expect(lines[0]).toBe('Email,Name,Role,Subscription,Status,Joined');
  expect(lines).toHaveLength(4);
  expect(lines.slice(1).every((line) => line.startsWith(`${tag}.`))).toBe(true);
});

test('create, edit and delete a role', async ({ page }, info) => {
  const name = `Support ${tagFor(info.project.name)}`;
  await openAdmin(page, '/admin/roles');
  await page.getByRole('button', { name: 'Create Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Role' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel('Description').fill('Answers customers');
  await dialog.getByLabel('Manage users').check();
  await dialog.getByRole('button', { name: 'Create Role' }).click();
  const row = rowsWithText(page, name);
  await expect(row.getByText('manage_users')).toBeVisible();

  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit Role' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Role' });
  await edit.getByLabel('Replay webhooks').check();
  await edit.getByRole('button', { name: 'Save Role' }).click();
  await expect(row.getByText('manage_users, replay_webhooks')).toBeVisible();

  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete Role' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Role' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(`Role ${name} deleted`)).toBeVisible();
  await expect(rowsWithText(page, name)).toHaveCount(0);
});
