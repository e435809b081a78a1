import { expect, type Page } from '@playwright/test';
import { withDatabase } from '../../support/database.js';
import { startAsNewMember } from '../../pages/site.js';
import { test } from '../../support/sandbox-clock.js';
import { shot } from '../../pages/screens.js';

const unique = (prefix: string, project: string) =>
  `${prefix}.${project}.${Date.now().toString(36)}@example.com`;

/** How many e-mails of a template went to an address. */
const sent = (to: string, template: string) =>
  withDatabase(async (client) => {
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*) FROM emails WHERE to_email = $1 AND template = $2`,
      [to, template],
    );
    return Number(rows[0].count);
  });

/** The link (a path) of the e-mail of a template sent to an address. */
const emailLink = (to: string, template: string) =>
  withDatabase(async (client) => {
    const { rows } = await client.query<{ link: string }>(
      `SELECT data->>'link' AS link FROM emails WHERE to_email = $1 AND template = $2`,
      [to, template],
    );
    return rows[0].link;
  });

/** Saves a test card on the sandbox portal's payment method page. */
async function saveCard(page: Page, card: RegExp) {
  await expect(page.getByRole('heading', { name: 'Update payment method' })).toBeVisible();
  await page.getByRole('radio', { name: card }).check();
  await page.getByRole('button', { name: 'Save' }).click();
}

/** Moves the sandbox's test clock from its dashboard (at the portal's origin). */
async function advanceClock(page: Page, sandboxOrigin: string, button: string) {
  await page.goto(`${sandboxOrigin}/`);
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('heading', { name: 'Stripe sandbox' })).toBeVisible();
}

test.use({ movesTheSandboxClock: true });

test('a member whose renewal fails sees the banner, updates the card in the portal, pays, and the banner goes', async ({
  page,
}, info) => {
  // Each advance of the clock sets off a run of events the product works through; with another
  // journey beside it on two cores that has taken over 45 s.
  test.setTimeout(240_000);
  const email = unique('dunning', info.project.name);
  await startAsNewMember(page, { name: 'Grace Hopper', email, password: 'member passphrase' });
  await page.goto('/dashboard/settings?tab=subscription');
  await page.getByRole('button', { name: 'Subscribe to Prospector' }).click();
  await page.getByRole('button', { name: /^Pay \$75\.00/ }).click();
  await expect(page).toHaveURL(/checkout=success/);
  // The sandbox returns to the configured app URL, another origin than this test's base URL.
  await page.goto('/dashboard/settings?tab=subscription&checkout=success');
  await expect(page.getByRole('region', { name: 'Billing' }).getByText(/^\$75 on /)).toBeVisible({
    timeout: 20_000,
  });

  // The card on file starts declining: put Stripe's declining test card on it in the portal.
  await page.getByRole('button', { name: 'Manage Billing' }).click();
  await page.waitForURL(/\/billing\/bps_\w+$/);
  await expect(page.getByText('TEST MODE')).toBeVisible();
  const sandboxOrigin = new URL(page.url()).origin;
  await page.getByRole('link', { name: 'Update payment method' }).click();
  await saveCard(page, /0341/);
  await expect(page.getByText('Your payment method was updated.')).toBeVisible();

  // A month on, the renewal fails: every member page shows the banner, with the grace period.
  await advanceClock(page, sandboxOrigin, 'Advance the clock 1 month');
  const banner = page.getByRole('region', { name: 'Payment issue' });
  await page.goto('/dashboard');
  await expect(async () => {
    await page.reload();
    await expect(banner).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 90_000 });
  await expect(banner.getByText('Your payment didn’t go through')).toBeVisible();
  await expect(banner).toContainText('We couldn’t charge $75 for your Prospector plan');
  await expect(banner).toContainText('You keep your plan until');
  await shot(page, 'dunning-banner', info.project.name);
  await page.goto('/dashboard/content');
  await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
  await expect(banner).toBeVisible();
  // Within the grace period, nothing is paused.
  await expect(page.getByRole('tab', { name: 'Discover Feeds' })).toBeVisible();
  await expect.poll(() => sent(email, 'payment-failed')).toBe(1);
  // The e-mail's button opens the portal's payment method page for the signed-in member.
  await page.goto(await emailLink(email, 'payment-failed'));
  await expect(page.getByRole('heading', { name: 'Update payment method' })).toBeVisible();
  await expect(page.getByText(/Current: Visa •••• 0341/)).toBeVisible();

  // A week on, the retries have failed too and the grace period is over: the plan is suspended.
  await advanceClock(page, sandboxOrigin, 'Advance the clock 1 week');
  await page.goto('/dashboard/content');
  await expect(async () => {
    await page.reload();
    await expect(banner.getByText('Your Prospector plan is suspended for non-payment')).toBeVisible(
      { timeout: 3_000 },
    );
  }).toPass({ timeout: 90_000 });
  const paused = page.getByRole('region', { name: 'Content is paused' });
  await expect(paused).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Discover Feeds' })).toHaveCount(0);
  await shot(page, 'dunning-content-paused', info.project.name);
  await page.goto('/dashboard/settings?tab=subscription');
  await expect(page.getByText('Suspended for non-payment', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Plan features (paused)' })).toBeVisible();
  await shot(page, 'dunning-subscription-suspended', info.project.name);
  expect(await sent(email, 'payment-failed')).toBe(1);

  // Update payment method opens the portal's payment method page; a card that pays is saved.
  await banner.getByRole('button', { name: 'Update payment method' }).click();
  await saveCard(page, /4242/);
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=subscription&payment_method=updated$/);
  // Back on this test's origin, where the member is signed in: the new card is charged at once.
  await page.goto('/dashboard/settings?tab=subscription&payment_method=updated');
  await expect(page.getByText('Thank you! Your payment of $75 went through.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(banner).toHaveCount(0);
  await expect(page.getByText('Suspended for non-payment', { exact: true })).toHaveCount(0);
  await shot(page, 'dunning-paid', info.project.name);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your plan' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.goto('/dashboard/content');
  await expect(page.getByRole('tab', { name: 'Discover Feeds' })).toBeVisible();
  await expect.poll(() => sent(email, 'payment-received')).toBe(1);
  expect(await sent(email, 'payment-failed')).toBe(1);
});
