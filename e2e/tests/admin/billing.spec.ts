import { expect, test } from '@playwright/test';
import { listRecords, rowsWithText, openAdmin } from '../../pages/admin.js';
import { openSandbox, payOnCheckout, startFoundingCheckout } from '../../pages/site.js';

const emailFor = (name: string, project: string) =>
  `${name}.${project}.${Date.now().toString(36)}@example.com`;

/** A founding buyer, paid through the sandbox; answers their e-mail once the payment is processed. */
async function paidFounder(page: import('@playwright/test').Page, name: string, project: string) {
  const email = emailFor(name, project);
  await payOnCheckout(page, await startFoundingCheckout(page, email));
  return email;
}

async function openProfile(page: import('@playwright/test').Page, email: string) {
  await page.goto('/admin/users');
  await page.getByPlaceholder('Search users...').fill(email);
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await rowsWithText(page, email).getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByRole('region', { name: 'Account Information' })).toBeVisible();
}

test('a paying user’s payments and card, billing edit in the activity, and a refund', async ({
  page,
}, info) => {
  const email = await paidFounder(page, 'payer', info.project.name);
  await openAdmin(page);
  await openProfile(page, email);

  const payments = page.getByRole('region', { name: 'Payment History' });
  await expect(payments.getByText('$50', { exact: true })).toBeVisible();
  await expect(payments.getByText('succeeded')).toBeVisible();
  await expect(payments.getByRole('link', { name: 'Receipt' })).toHaveAttribute(
    'href',
    /\/receipts\/ch_/,
  );
  await expect(payments.getByLabel('Card on file')).toContainText('•••• 4242');
  await expect(payments.getByText('Default')).toBeVisible();
  await payments.getByRole('button', { name: 'Refresh Payment History' }).click();
  await expect(page.getByText('Payment history refreshed')).toBeVisible();

  const billing = page.getByRole('region', { name: 'Billing Information' });
  await expect(billing.getByText('Billing same as account information')).toBeVisible();
  await billing.getByRole('button', { name: 'Edit' }).click();
  await billing.getByLabel('Billing same as account information').uncheck();
  await billing.getByLabel('Billing Name').fill('Ada Accounts Payable');
  await billing.getByLabel('Billing Email').fill('ap@example.com');
  await billing.getByLabel('Address').fill('1 Engine Way');
  await billing.getByLabel('City').fill('London');
  await billing.getByRole('button', { name: 'Save Billing' }).click();
  await expect(page.getByText('Billing information updated successfully')).toBeVisible();
  await expect(billing.getByText('Ada Accounts Payable')).toBeVisible();
  await expect(billing.getByText(/^Synced /)).toBeVisible();
  const activity = page.getByRole('region', { name: 'Activity History' });
  await expect(activity.getByText('Billing information updated')).toBeVisible();
  await expect(
    activity.getByText('billing name: — → Ada Accounts Payable', { exact: false }),
  ).toBeVisible();

  await page
    .getByRole('region', { name: 'Customer Service' })
    .getByRole('button', { name: 'Process Refund' })
    .click();
  const refund = page.getByRole('dialog', { name: 'Process Refund' });
  await refund.getByLabel('Payment').click();
  await page.getByRole('option', { name: /^\$50 ·/ }).click();
  await expect(refund.getByLabel('Amount (USD)')).toHaveValue('50.00');
  await refund.getByLabel('Amount (USD)').fill('20');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText(`Refunded $20 to ${email}`)).toBeVisible();
  await expect(payments.getByText('$50 ($20 refunded)')).toBeVisible();
  await expect(activity.getByText('Refunded $20 of $50', { exact: false })).toBeVisible();
});

test('cancel a subscription from the list and reactivate it', async ({ page }, info) => {
  const email = await paidFounder(page, 'cancel', info.project.name);
  await openAdmin(page, '/admin/subscriptions');
  await page.getByPlaceholder('Search customers...').fill(email);
  const row = rowsWithText(page, email);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  const subscriptionId = (await row
    .getByRole('button', { name: /^Actions for / })
    .getAttribute('aria-label'))!.replace('Actions for ', '');

  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Cancel Subscription' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel Subscription' })
    .getByRole('button', { name: 'Cancel Subscription' })
    .click();
  await expect(page.getByText(`Subscription cancelled for ${subscriptionId}`)).toBeVisible();
  // Cancelled now, moments into a paid period: its unused part is offered back.
  const offer = page.getByRole('dialog', { name: 'Refund the Unused Part?' });
  await expect(offer).toContainText('is unused: $');
  await offer.getByRole('button', { name: 'No Refund' }).click();
  await expect(row.getByText('Cancelled')).toBeVisible();

  // Restarting charges the customer: the amount shows first, and only a confirmation charges.
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Reactivate Subscription' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reactivate Subscription' });
  await expect(confirm).toContainText('charges the customer $50 USD now');
  await info.attach('reactivate', { body: await page.screenshot(), contentType: 'image/png' });
  await confirm.getByRole('button', { name: 'Charge $50 and Reactivate' }).click();
  await expect(page.getByText('subscription reactivated')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await expect(rowsWithText(page, email).getByText('Active', { exact: true })).toBeVisible();
});

test('a purchase whose webhooks never arrive is recovered from the dialog, and the copied link sets the password', async ({
  page,
  context,
}, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = emailFor('lost', info.project.name);
  const checkoutUrl = await startFoundingCheckout(page, email);
  await openSandbox(page, checkoutUrl);
  await page.getByRole('button', { name: 'Hold webhook deliveries' }).click();
  try {
    await payOnCheckout(page, checkoutUrl);
  } finally {
    await openSandbox(page, checkoutUrl);
    await page.getByRole('button', { name: 'Deliver webhooks again' }).click();
  }

  await openAdmin(page, '/admin/users');
  await page.getByRole('button', { name: 'Customer Recovery' }).click();
  const dialog = page.getByRole('dialog', { name: 'Customer Recovery' });
  const candidate = dialog.getByRole('listitem').filter({ hasText: email });
  await expect(candidate.getByText('Paid, but the payment was never processed')).toBeVisible();
  await candidate.getByRole('button', { name: 'Get Password Link' }).click();
  await expect(
    page.getByText(`Password setup link copied to clipboard for ${email}`),
  ).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/setup-password#token=[\w-]+$/);
  await candidate.getByRole('button', { name: 'Recover Customer' }).click();
  await expect(page.getByText(`Successfully recovered customer: ${email}`)).toBeVisible();
  await expect(dialog.getByText(email)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByPlaceholder('Search users...').fill(email);
  await expect(rowsWithText(page, email).getByText('Setup Required')).toBeVisible();

  // The customer follows the link the admin passed on.
  await page.goto(copied);
  await page.getByLabel(/^New Password/).fill('recovered passphrase');
  await page.getByLabel(/^Confirm Password/).fill('recovered passphrase');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Updated' })).toBeVisible();
  await expect(page.getByText("You're a founding member")).toBeVisible({ timeout: 10_000 });
});

test('view a Stripe event’s data and replay it', async ({ page }, info) => {
  await paidFounder(page, 'events', info.project.name);
  await openAdmin(page, '/admin/stripe-events');
  await page.getByRole('combobox', { name: 'Event Type' }).click();
  await page.getByRole('option', { name: 'checkout.session.completed' }).click();
  const row = listRecords(page).first();
  await expect(row).toContainText('checkout.session.completed');
  await expect(rowsWithText(page, 'invoice.paid')).toHaveCount(0);
  const eventId = (await row
    .getByRole('button', { name: /^Actions for / })
    .getAttribute('aria-label'))!.replace('Actions for ', '');
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'View Event Data' }).click();
  const data = page.getByRole('dialog', { name: `Event Data: ${eventId}` });
  await expect(data.getByText('"type": "checkout.session.completed"')).toBeVisible();
  await expect(data.getByText('"mode": "subscription"')).toBeVisible();
  await data.getByRole('button', { name: 'Close' }).click();
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Replay Webhook' }).click();
  await expect(page.getByText(`Webhook replayed for event ${eventId}`)).toBeVisible();
});
