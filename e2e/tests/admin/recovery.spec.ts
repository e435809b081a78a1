import { expect, test, type Page } from '@playwright/test';
import { openAuditLog, rowsWithText, openAdmin } from '../../pages/admin.js';
import { payOnCheckout, startFoundingCheckout } from '../../pages/site.js';
import { backdatePurchaseOf } from '../../support/database.js';

const ALREADY_RECOVERED =
  'This customer has already been recovered. Use Get Password Link to give them a new setup link.';

const isRecoveryList = (url: string) => new URL(url).pathname === '/api/admin/recovery';

/** Opens Customer Recovery from the Users list, once its list has been read. */
async function openRecovery(page: Page) {
  await page.goto('/admin/users');
  const listed = page.waitForResponse(
    (response) => isRecoveryList(response.url()) && response.request().method() === 'GET',
  );
  await page.getByRole('button', { name: 'Customer Recovery' }).click();
  const candidates = (await (await listed).json()) as { email: string }[];
  return { dialog: page.getByRole('dialog', { name: 'Customer Recovery' }), candidates };
}

test('a recovered customer leaves Customer Recovery, and a second Recover from a list opened before is told it was already done', async ({
  page,
  context,
}, info) => {
  test.setTimeout(120_000);
  const email = `stuck.${info.project.name}.${Date.now().toString(36)}@example.com`;
  await payOnCheckout(page, await startFoundingCheckout(page, email));
  // Two days on, they have still not set a password.
  await backdatePurchaseOf(email, 48);

  await openAdmin(page);
  const { dialog } = await openRecovery(page);
  const candidate = dialog.getByRole('listitem').filter({ hasText: email });
  await expect(candidate.getByText('Paid, but never set a password')).toBeVisible();
  // A second tab keeps the list as it was before the recovery.
  const otherTab = await context.newPage();
  const { dialog: staleDialog } = await openRecovery(otherTab);
  const staleCandidate = staleDialog.getByRole('listitem').filter({ hasText: email });
  await expect(staleCandidate.getByText('Paid, but never set a password')).toBeVisible();

  await candidate.getByRole('button', { name: 'Recover Customer' }).click();
  await expect(page.getByText(`Successfully recovered customer: ${email}`)).toBeVisible();
  await expect(dialog.getByText(email)).toHaveCount(0);
  // Read afresh, the list still leaves them out.
  const { dialog: reopened, candidates } = await openRecovery(page);
  expect(candidates.map((listed) => listed.email)).not.toContain(email);
  await expect(
    reopened.getByText('Customers who paid but cannot access the service.'),
  ).toBeVisible();
  await expect(reopened.getByText(email)).toHaveCount(0);

  const answered = otherTab.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/admin/recovery/recover',
  );
  await staleCandidate.getByRole('button', { name: 'Recover Customer' }).click();
  const refusal = await answered;
  expect(refusal.status()).toBe(409);
  expect(await refusal.json()).toMatchObject({ code: 'already_recovered' });
  await expect(
    otherTab.getByText(`Failed to recover customer: ${ALREADY_RECOVERED}`),
  ).toBeVisible();
  // Already recovered, the customer leaves the stale list too.
  await expect(staleDialog.getByText(email)).toHaveCount(0);
  await otherTab.close();

  // One recovery, one password-setup e-mail.
  await openAuditLog(page, 'Customer recovered');
  await expect(rowsWithText(page, email)).toHaveCount(1);
  await page.goto('/admin/emails');
  await page.getByPlaceholder('Search recipients...').fill(email);
  await expect(page.getByText('Showing 1 to 2 of 2 results')).toBeVisible();
  // The E-mails list names each template with its label (common's emailTemplateLabel).
  await expect(
    rowsWithText(page, email).filter({ hasText: 'Founding member welcome' }),
  ).toHaveCount(1);
  await expect(rowsWithText(page, email).filter({ hasText: 'Password setup' })).toHaveCount(1);
});
