import { expect, test } from '@playwright/test';
import { startAsNewMember } from '../../pages/site.js';
import { expectNoSeriousAxeViolations } from '../../support/axe.js';
import { shot } from '../../pages/screens.js';

const unique = (prefix: string, project: string) =>
  `${prefix}.${project}.${Date.now().toString(36)}@example.com`;

test('the footer links to the Terms and the Privacy Policy, which say what happens to leads', async ({
  page,
}, info) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.locator('a[href="#"]')).toHaveCount(0);
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Administrators of LeadPulse never see them')).toBeVisible();
  await expect(page).toHaveTitle(/Privacy Policy/);
  await expectNoSeriousAxeViolations(page, 'the Privacy Policy');
  await shot(page, 'privacy', info.project.name);

  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: 'Terms of Service' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the Terms of Service');
  await shot(page, 'terms', info.project.name);
});

test('the sign-up dialog links the terms it asks to accept, and closes from its Close button', async ({
  page,
}, info) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await expect(dialog.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    '/terms',
  );
  await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  await shot(page, 'signup-dialog', info.project.name);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Login' }).click();
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await expectNoSeriousAxeViolations(page, 'the Welcome Back dialog');
  await login.getByRole('button', { name: 'Close' }).click();
  await expect(login).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await shot(page, 'landing-footer', info.project.name);
});

test('a session the server ends on an open page says so and opens Login, and sign-in returns to the page', async ({
  page,
}, info) => {
  const email = unique('ended', info.project.name);
  // The page's clock runs as the real one, but can be moved on instead of waited out.
  await page.clock.install();
  await startAsNewMember(page, { name: 'Ada Lovelace', email, password: 'ended passphrase' });
  await page.goto('/dashboard/settings?tab=notifications');
  await expect(page.getByRole('button', { name: 'Save Preferences' })).toBeVisible();

  if (info.project.name === 'mobile') {
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'the navigation drawer');
    await shot(page, 'drawer', info.project.name);
    await page.keyboard.press('Escape');
  } else await expectNoSeriousAxeViolations(page, 'the dashboard with its sidebar');

  // The refresh token is revoked elsewhere (a sign-out on another device, a password change) and
  // the access token runs out: the page's next request needs a refresh the server refuses.
  await page.evaluate(async () => {
    const key = `leadpulse.auth.${window.location.host}`;
    const session = JSON.parse(localStorage.getItem(key)!);
    await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    localStorage.setItem(key, JSON.stringify({ ...session, expires_at: 1 }));
  });
  // The session client's next check (every 30 seconds) finds the token due and asks for a new one.
  await page.clock.fastForward('00:30');
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(login).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectNoSeriousAxeViolations(page, 'the Login dialog after the session ended');
  await shot(page, 'session-ended', info.project.name);

  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill('ended passphrase');
  await login.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=notifications$/);
});
