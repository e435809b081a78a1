import { expect } from '@playwright/test';
import { signIn, startAsNewMember } from '../../pages/site.js';
import { linkFromOutbox } from '../../support/outbox.js';
import { expectNoSeriousAxeViolations } from '../../support/axe.js';
import { test } from '../../support/sandbox-clock.js';
import { shot } from '../../pages/screens.js';

// The first journey moves the clock three months; the other two are short and wait with it.
test.use({ movesTheSandboxClock: true });

test('claim a founding spot, pay on the sandbox checkout, set the password, and arrive as a founding member', async ({
  page,
}, info) => {
  const email = `founder.${info.project.name}.${Date.now().toString(36)}@example.com`;
  await page.goto('/');
  const pricing = page.getByRole('region', { name: 'Become a Founding Member' });
  await expect(pricing.getByText(/of 40 spots left/)).toBeVisible();
  await pricing.getByRole('button', { name: 'Claim Your Founding Spot' }).click();

  const dialog = page.getByRole('dialog', { name: 'Claim Your Founding Spot' });
  await expectNoSeriousAxeViolations(page, 'the Claim Your Founding Spot dialog');
  await dialog.getByLabel(/^First Name/).fill('Ada');
  await dialog.getByLabel(/^Last Name/).fill('Lovelace');
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Phone/).fill('555 123 4567');
  await expect(dialog.getByLabel(/^Phone/)).toHaveValue('(555) 123-4567');
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();

  // The local Stripe sandbox's test checkout page.
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $50.00' }).click();

  await expect(page.getByRole('heading', { name: 'Welcome, Founding Member!' })).toBeVisible();
  await expect(page.getByText(/^Session ID: cs_test_/)).toBeVisible();
  // The buyer has no password yet: the page tells them to set it from the e-mail first.
  await expect(
    page.getByText(
      `We've sent a link to ${email}. Set your password with it first; then you can sign in to your dashboard.`,
      { exact: false },
    ),
  ).toBeVisible();
  // The spec's two buttons; the buyer's address is at no public mail service, so Check Email
  // says where the e-mail went rather than opening an empty message.
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Check Email' }).click();
  await expect(page.getByRole('status')).toContainText(`We sent it to ${email}, from LeadPulse.`);
  await expectNoSeriousAxeViolations(page, 'the founding success page');
  await shot(page, 'success-paid', info.project.name, { fullPage: false });

  const setupLink = await linkFromOutbox(
    email,
    'founding-member-welcome',
    new Date(0),
    'setupLink',
  );
  await page.goto(setupLink);
  await page.getByLabel(/^New Password/).fill('founder passphrase');
  await page.getByLabel(/^Confirm Password/).fill('founder passphrase');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Updated' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
  await expect(page.getByText("You're a founding member")).toBeVisible();

  await page.goto('/dashboard/settings?tab=subscription');
  await expect(page.getByText('Founding Member', { exact: true })).toBeVisible();
  await expect(page.getByText('3 months premium access')).toBeVisible();

  // Manage Billing opens the (sandbox) customer portal for this customer.
  await page.getByRole('button', { name: 'Manage Billing' }).click();
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // Three months on (the sandbox's test clock), the schedule moves the member to Prospector.
  await page.goto(`${new URL(page.url()).origin}/`);
  await expect(page.getByRole('heading', { name: 'Stripe sandbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Advance the clock 3 months' }).click();
  await expect(page.getByRole('heading', { name: 'Stripe sandbox' })).toBeVisible();
  await page.goto('/dashboard/settings?tab=subscription');
  // Reloads until the renewal's webhook has been applied; each load may take seconds on a phone.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Now on Prospector · $75/month')).toBeVisible({
      timeout: 5_000,
    });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByText('Founding Member', { exact: true })).toBeVisible();
});

test('cancelling on the checkout page returns to the landing page with the spot released', async ({
  page,
}, info) => {
  const email = `cancel.${info.project.name}.${Date.now().toString(36)}@example.com`;
  await page.goto('/');
  const pricing = page.getByRole('region', { name: 'Become a Founding Member' });
  const spotsLeft = async () =>
    Number((await pricing.getByText(/of 40 spots left/).textContent())!.split(' ')[0]);
  await expect(pricing.getByText(/of 40 spots left/)).toBeVisible();
  const before = await spotsLeft();

  await pricing.getByRole('button', { name: 'Claim Your Founding Spot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Claim Your Founding Spot' });
  await dialog.getByLabel(/^First Name/).fill('Grace');
  await dialog.getByLabel(/^Last Name/).fill('Hopper');
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Phone/).fill('5559876543');
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(
    page.getByText('Checkout cancelled. Your founding spot has been released.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(pricing.getByText(/of 40 spots left/)).toBeVisible();
  expect(await spotsLeft()).toBe(before);
});

test('a signed-in free member buys from Settings and keeps their account', async ({
  page,
}, info) => {
  const email = `upgrade.${info.project.name}.${Date.now().toString(36)}@example.com`;
  await startAsNewMember(page, { name: 'Katherine Johnson', email, password: 'member passphrase' });

  await page.goto('/dashboard/settings?tab=subscription');
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Become a Founding Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Claim Your Founding Spot' });
  await expect(dialog.getByLabel(/^Email/)).toHaveValue(email);
  await expect(dialog.getByLabel(/^First Name/)).toHaveValue('Katherine');
  await dialog.getByLabel(/^Phone/).fill('5550001111');
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: 'Pay $50.00' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Founding Member!' })).toBeVisible();
  // They have a password already: no request to set one, and their dashboard is one click away.
  await expect(
    page.getByText('Your founding membership is now part of your account.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText(/Set your password/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  await shot(page, 'success-member', info.project.name, { fullPage: false });

  // The member's own account got the membership: same password, founding member now.
  await page.goto('/');
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, email, 'member passphrase');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("You're a founding member")).toBeVisible();
});
