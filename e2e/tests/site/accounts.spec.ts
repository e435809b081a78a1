import { expect, test } from '@playwright/test';
import { signIn, signUp } from '../../pages/site.js';
import { expectNoSeriousAxeViolations } from '../../support/axe.js';
import {
  countSubscribers,
  linkFromOutbox,
  unsubscribeLinkFromOutbox,
} from '../../support/outbox.js';

const unique = (prefix: string, project: string) =>
  `${prefix}.${project}.${Date.now().toString(36)}@example.com`;

test('sign up, confirm, edit the profile and preferences, change the password, sign out and in again', async ({
  page,
}, info) => {
  const email = unique('journey', info.project.name);
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const signup = page.getByRole('dialog', { name: 'Create Account' });
  await expectNoSeriousAxeViolations(page, 'the Create Account dialog');
  await signup.getByLabel('Full Name').fill('Ada Lovelace');
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel(/^Password/).fill('first passphrase');
  await signup.getByLabel('Confirm Password').fill('another passphrase');
  await signup.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
  await signup.getByRole('button', { name: 'Create Account' }).click();
  await expect(signup.getByText('Passwords do not match.')).toBeVisible();
  await signup.getByLabel('Confirm Password').fill('first passphrase');
  await signup.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('Account created successfully! Please check your email to verify your account.'),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the landing page with a success snackbar');

  // Signing in before confirming is refused with the spec's message.
  await signIn(page, email, 'first passphrase');
  await expect(
    page.getByText('Please check your email and confirm your account before signing in.'),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the Welcome Back dialog with its error');

  await page.goto(await linkFromOutbox(email, 'confirm-email'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('heading', { name: 'Welcome to LeadPulse, Ada Lovelace!' }),
  ).toBeVisible();
  await expect(page.getByText("You're a founding member")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, 'the Welcome page');

  await page.goto('/dashboard/settings');
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'Settings, Profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Company').fill('Analytical Engines Ltd');
  await page.getByLabel('Job Title').fill('Head of Sales');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page.getByText('Analytical Engines Ltd')).toBeVisible();

  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByLabel('Weekly Digest').check();
  await page.getByLabel('Billing Alerts').uncheck();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Notification preferences saved.')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'Settings, Notifications');
  await page.reload();
  await expect(page.getByLabel('Weekly Digest')).toBeChecked();
  await expect(page.getByLabel('Billing Alerts')).not.toBeChecked();

  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel(/^Current Password/).fill('not my password');
  await page.getByLabel(/^New Password/).fill('second passphrase');
  await page.getByLabel(/^Confirm New Password/).fill('second passphrase');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();
  await page.getByLabel(/^Current Password/).fill('first passphrase');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully!')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'Settings, Security');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, email, 'first passphrase');
  await expect(
    page.getByText('Invalid email or password. Please check your credentials and try again.'),
  ).toBeVisible();
  await page.getByRole('dialog').getByLabel('Password').fill('second passphrase');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a confirmation link opened in another browser asks for a new password, and the sign-up password stops working', async ({
  page,
  browser,
}, info) => {
  const email = unique('elsewhere', info.project.name);
  await signUp(page, { name: 'Ada Lovelace', email, password: 'sign-up passphrase' });
  const link = await linkFromOutbox(email, 'confirm-email');

  // The owner of the address opens the link somewhere else: a browser without the sign-up's cookie.
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto(link);
    await expect(other.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await expect(
      other.getByText(
        'Your e-mail is confirmed. This link was opened in a different browser from the one used to sign up, so please choose a password to secure your account.',
      ),
    ).toBeVisible();
    await other.getByLabel(/^New Password/).fill('owner passphrase');
    await other.getByLabel(/^Confirm Password/).fill('owner passphrase');
    await other.getByRole('button', { name: 'Update Password' }).click();
    await expect(other.getByRole('heading', { name: 'Password Updated' })).toBeVisible();
    await expect(other).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
    await expect(
      other.getByRole('heading', { name: 'Welcome to LeadPulse, Ada Lovelace!' }),
    ).toBeVisible();
  } finally {
    await elsewhere.close();
  }

  await signIn(page, email, 'sign-up passphrase');
  await expect(
    page.getByText('Invalid email or password. Please check your credentials and try again.'),
  ).toBeVisible();
  await page.getByRole('dialog').getByLabel('Password').fill('owner passphrase');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgot password: the link sets a new password once, and shows the invalid-link state the second time', async ({
  page,
}, info) => {
  const email = unique('forgot', info.project.name);
  await signUp(page, { name: 'Grace Hopper', email, password: 'original passphrase' });

  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Forgot your password?' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await expectNoSeriousAxeViolations(page, 'the Reset Password dialog');
  await reset.getByLabel('Email').fill(email);
  await reset.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Password reset email sent! Check your inbox.')).toBeVisible();
  await reset.getByRole('button', { name: 'Close' }).click();

  const link = await linkFromOutbox(email, 'password-reset');
  await page.goto(link);
  await expectNoSeriousAxeViolations(page, 'the password setup page');
  await page.getByLabel(/^New Password/).fill('fresh passphrase');
  await page.getByLabel(/^Confirm Password/).fill('fresh passphrase');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Updated' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });

  await page.goto(link);
  await expect(
    page.getByText('Invalid password reset link. Please try requesting a new one.'),
  ).toBeVisible();
});

test('a signed-out visit to the settings asks for authentication', async ({ page }) => {
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'Authentication Required');
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('joining the waitlist twice keeps one entry and thanks the visitor both times', async ({
  page,
}, info) => {
  const email = unique('waitlist', info.project.name);
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Join the Waitlist' });
  await section.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(section.getByText('Email is required')).toBeVisible();
  for (let round = 0; round < 2; round++) {
    await section.getByLabel('Email').fill(email);
    await section.getByLabel('First Name (optional)').fill('Wait');
    await section.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(section.getByText("You're on the list!")).toBeVisible();
    await section.getByRole('button', { name: 'Add Another Email' }).click();
  }
  expect(await countSubscribers(email)).toBe(1);
});

test('the footer newsletter box subscribes, the e-mailed link confirms, and the link at its foot unsubscribes', async ({
  page,
}, info) => {
  const email = unique('news', info.project.name);
  await page.goto('/');
  const box = page.getByRole('form', { name: 'Newsletter' });
  await box.getByLabel('Your email').fill(email);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(
    box.getByText('Almost done: check your inbox and confirm your subscription.'),
  ).toBeVisible();
  expect(await countSubscribers(email)).toBe(1);

  await page.goto(await linkFromOutbox(email, 'newsletter-confirm'));
  await expect(page.getByRole('heading', { name: "You're subscribed!" })).toBeVisible();

  await page.goto(await unsubscribeLinkFromOutbox(email, 'newsletter-confirm'));
  await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
  await expect(
    page.getByText(`${email} will no longer receive our news.`, { exact: false }),
  ).toBeVisible();

  await page.goto('/');
  await box.getByLabel('Your email').fill(email);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(
    box.getByText('Almost done: check your inbox and confirm your subscription.'),
  ).toBeVisible();
});
