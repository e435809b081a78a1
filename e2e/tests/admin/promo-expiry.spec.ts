import { expect, test } from '@playwright/test';
import { openAuditLog, openUserProfile, rowsWithText, openAdmin } from '../../pages/admin.js';
import { payOnCheckout, startFoundingCheckout } from '../../pages/site.js';
import { expirePromoOf, runScheduledJobNow } from '../../support/database.js';
import { sandboxSubscription } from '../../support/stripe-sandbox.js';

test('a promo past its expiry ends: the profile no longer shows it active, its Stripe discount is removed, and the Audit Log shows the system ended it', async ({
  page,
}, info) => {
  const email = `promo.${info.project.name}.${Date.now().toString(36)}@example.com`;
  const checkoutUrl = await startFoundingCheckout(page, email);
  await payOnCheckout(page, checkoutUrl);
  await openAdmin(page);
  await openUserProfile(page, email);
  const details = page.getByRole('region', { name: 'Subscription Details' });
  const subscriptionId = (await details.getByText(/^sub_/).textContent())!;

  const promos = page.getByRole('region', { name: 'Promo Management' });
  await promos.getByRole('button', { name: 'Add Promo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Promo Code' });
  await dialog.getByLabel('Promo Type').click();
  await page.getByRole('option', { name: 'Beta Tester (50% off)' }).click();
  await dialog.getByLabel('Duration (days)').fill('1');
  await dialog.getByPlaceholder('Reason for applying this promo...').fill('One-day trial');
  await dialog.getByRole('button', { name: 'Apply Promo' }).click();
  await expect(page.getByText(`Promo applied successfully to ${email}`)).toBeVisible();
  await expect(details.getByText('Beta Tester (active)')).toBeVisible();
  const discounts = async () =>
    (await sandboxSubscription(page.request, checkoutUrl, subscriptionId)).discounts;
  expect(await discounts()).toHaveLength(1);

  // The day passes, and the expiry sweep (once a minute) has its next turn.
  await expirePromoOf(email);
  await runScheduledJobNow('promo-expiry');
  await expect(async () => {
    await page.reload();
    await expect(details.getByText('No active promo')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(details.getByText('Beta Tester (active)')).toHaveCount(0);
  await expect(promos.getByText('No active promo')).toBeVisible();
  await expect(promos.getByRole('button', { name: 'Remove Promo' })).toHaveCount(0);
  const ended = page
    .getByRole('region', { name: 'Activity History' })
    .getByRole('listitem')
    .filter({ hasText: 'Promo Beta Tester ended at its expiry' });
  await expect(ended.getByText(/^System · /)).toBeVisible();
  // The discount goes after the promo has ended, once Stripe answers.
  await expect.poll(discounts).toEqual([]);

  await openAuditLog(page, 'Promo ended');
  const entry = rowsWithText(page, email);
  await expect(entry).toHaveCount(1);
  await expect(entry.getByText('System', { exact: true })).toBeVisible();
  await expect(entry.getByText('Promo Beta Tester ended at its expiry')).toBeVisible();
  await expect(entry.getByText('Success')).toBeVisible();
});
