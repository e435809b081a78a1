import { expect, test } from '@playwright/test';
import { openAuditLog, openUserProfile, rowsWithText, openAdmin } from '../../pages/admin.js';
import { startAsNewMember } from '../../pages/site.js';
import { shot } from '../../pages/screens.js';

const unique = (prefix: string, project: string) =>
  `${prefix}.${project}.${Date.now().toString(36)}@example.com`;

test('a paying member cancels with a reason, sees the end date, and resumes before it', async ({
  page,
  browser,
}, info) => {
  const email = unique('selfbill', info.project.name);
  await startAsNewMember(page, { name: 'Ada Lovelace', email, password: 'member passphrase' });
  await page.goto('/dashboard/settings?tab=subscription');
  await page.getByRole('button', { name: 'Subscribe to Prospector' }).click();
  await page.getByRole('button', { name: /^Pay \$75\.00/ }).click();
  await expect(page).toHaveURL(/checkout=success/);
  // The sandbox returns to the configured app URL, another origin than this test's base URL.
  await page.goto('/dashboard/settings?tab=subscription&checkout=success');

  const billing = page.getByRole('region', { name: 'Billing' });
  const nextCharge = billing.getByText(/^\$75 on \w+ \d{1,2}, \d{4}$/);
  await expect(nextCharge).toBeVisible({ timeout: 20_000 });
  const endDate = (await nextCharge.textContent())!.replace('$75 on ', '');
  const invoice = billing.getByRole('table', { name: 'Invoices' }).getByRole('row').nth(1);
  await expect(invoice).toContainText('$75');
  await expect(invoice).toContainText('Paid');
  await expect(invoice.getByRole('link', { name: /^Receipt for / })).toHaveAttribute(
    'href',
    /\/receipts\/ch_/,
  );
  await shot(page, 'billing-active', info.project.name, { fullPage: false });

  await billing.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(dialog.getByText(`You keep your plan until ${endDate}`)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Cancel subscription' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Too expensive' }).check();
  await dialog
    .getByLabel("Anything you'd like to add? (optional)")
    .fill('Over budget this quarter');
  await shot(page, 'billing-cancel-dialog', info.project.name, { fullPage: false });
  await confirm.click();

  await expect(page.getByText(`Your subscription ends on ${endDate}.`)).toBeVisible();
  await expect(billing.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await expect(billing.getByText(/^Next charge/)).toHaveCount(0);
  await shot(page, 'billing-ending', info.project.name, { fullPage: false });
  // What the server holds, not only what the page was told.
  await page.reload();
  await expect(page.getByText(`Your subscription ends on ${endDate}.`)).toBeVisible();

  // The back office sees why, in the member's own name.
  const office = await browser.newContext();
  try {
    const admin = await office.newPage();
    await openAdmin(admin);
    await openUserProfile(admin, email);
    const entry = admin
      .getByRole('region', { name: 'Activity History' })
      .getByRole('listitem')
      .filter({
        hasText:
          'Cancelled their subscription at period end: Too expensive — Over budget this quarter',
      });
    await expect(entry.getByText(/^Ada Lovelace \(member\) · /)).toBeVisible();
    // The Audit Log names her as the one who acted, as a member, not as an administrator.
    await openAuditLog(admin, 'Cancelled by the member');
    await expect(rowsWithText(admin, 'Resumed by the member')).toHaveCount(0);
    const row = rowsWithText(admin, email);
    await expect(row).toHaveCount(1);
    // The Administrator column of the table, or its field on a phone's card.
    const actor = row
      .getByRole('cell')
      .nth(1)
      .or(row.getByRole('group', { name: 'Administrator' }));
    await expect(actor).toContainText(/^(Administrator)?Ada Lovelace/);
    await expect(actor.getByText('Member, on their own account')).toBeVisible();
    await expect(row.getByText('Cancellation reason: — → Too expensive')).toBeVisible();
    await shot(admin, 'audit-member', info.project.name, { fullPage: false });
  } finally {
    await office.close();
  }

  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByText('Your subscription will continue.')).toBeVisible();
  await expect(nextCharge).toHaveText(`$75 on ${endDate}`);
  await expect(page.getByText(/Your subscription ends on/)).toHaveCount(0);
  await expect(billing.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
  await shot(page, 'billing-resumed', info.project.name, { fullPage: false });
});
