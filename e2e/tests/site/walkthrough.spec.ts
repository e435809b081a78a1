import { expect, test } from '@playwright/test';
import { signIn, signUp, startAsNewMember } from '../../pages/site.js';
import { linkFromOutbox } from '../../support/outbox.js';
import { shot } from '../../pages/screens.js';

const unique = (prefix: string, project: string) =>
  `${prefix}.${project}.${Date.now().toString(36)}@example.com`;

/** The WCAG contrast ratio of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(bl!);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

test('an unconfirmed member asks for a new confirmation e-mail from the login dialog and gets in', async ({
  page,
}, info) => {
  const email = unique('resend', info.project.name);
  await signUp(page, { name: 'Ada Lovelace', email, password: 'first passphrase' });
  const before = new Date();
  await signIn(page, email, 'first passphrase');
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(
    dialog.getByText('Please check your email and confirm your account before signing in.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
  await expect(
    dialog.getByText(
      "If an account with that e-mail is waiting for confirmation, we've sent a new link.",
    ),
  ).toBeVisible();
  await shot(page, 'login-resend', info.project.name, { fullPage: false });

  await page.goto(await linkFromOutbox(email, 'confirm-email', before));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Welcome · LeadPulse');

  // The avatar's initial is readable (WCAG AA, 4.5:1).
  const avatar = page.getByRole('button', { name: 'Account menu' }).locator('.MuiAvatar-root');
  const colours = await avatar.evaluate((element) => {
    const style = getComputedStyle(element);
    return { fg: style.color, bg: style.backgroundColor };
  });
  expect(contrast(colours.fg, colours.bg)).toBeGreaterThanOrEqual(4.5);
  await shot(page, 'welcome', info.project.name, { fullPage: false });

  // The bell opens the notification settings.
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=notifications$/);
  await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page).toHaveTitle('Settings · LeadPulse');

  // Every tab can be reached on a phone.
  await page.getByRole('tab', { name: 'Security' }).scrollIntoViewIfNeeded();
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByLabel(/^Current Password/)).toBeVisible();
  await shot(page, 'settings-security', info.project.name, { fullPage: false });

  await page.goto('/dashboard/content');
  await page.getByRole('tab', { name: 'Scheduled' }).scrollIntoViewIfNeeded();
  await page.getByRole('tab', { name: 'Scheduled' }).click();
  await expect(page.getByRole('tab', { name: 'Scheduled' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await shot(page, 'content-scheduled', info.project.name, { fullPage: false });
});

test('an expired confirmation link offers a new one', async ({ page }, info) => {
  await page.goto('/confirm-email#token=expired-or-made-up');
  await expect(
    page.getByText('This confirmation link is invalid or has expired. Please request a new one.'),
  ).toBeVisible();
  await page.getByLabel(/^Email/).fill(unique('nobody', info.project.name));
  await page.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
  await expect(
    page.getByText(
      "If an account with that e-mail is waiting for confirmation, we've sent a new link.",
    ),
  ).toBeVisible();
  await shot(page, 'confirm-resend', info.project.name, { fullPage: false });
});

test('the success page does not claim a payment for a made-up checkout', async ({ page }, info) => {
  await page.goto('/founding-member-success?session_id=cs_test_made_up');
  await expect(page.getByRole('heading', { name: "We can't find this payment" })).toBeVisible();
  await expect(page.getByText('Your payment went through.')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Contact Support' })).toBeVisible();
  await shot(page, 'success-unknown', info.project.name, { fullPage: false });
});

test("the hero video's play button leaves the poster's headline visible", async ({
  page,
}, info) => {
  await page.goto('/');
  const play = page.getByRole('button', { name: 'Play demo video' });
  await play.scrollIntoViewIfNeeded();
  const video = (await page.getByLabel('Product demo video').boundingBox())!;
  const button = (await play.boundingBox())!;
  // The poster's headline fills the middle; the button keeps to the lower right corner.
  expect(button.x).toBeGreaterThan(video.x + video.width * 0.75);
  expect(button.y).toBeGreaterThan(video.y + video.height * 0.6);
  await shot(page, 'hero-video', info.project.name, { fullPage: false });
});

test('a plan bought from Settings shows once paid, and a plan change asks first with its price', async ({
  page,
}, info) => {
  const email = unique('plans', info.project.name);
  await startAsNewMember(page, { name: 'Grace Hopper', email, password: 'member passphrase' });
  await page.goto('/dashboard/settings?tab=subscription');
  await page.getByRole('button', { name: 'Subscribe to Prospector' }).click();
  await page.getByRole('button', { name: /^Pay \$75\.00/ }).click();
  await expect(page).toHaveURL(/checkout=success/);
  // The sandbox returns to the configured app URL, another origin than this test's base URL
  // (with its own storage): come back to the same address where the session is.
  await page.goto('/dashboard/settings?tab=subscription&checkout=success');

  // Back from checkout: the plan shows without a reload, then the notice and the parameter go.
  const plan = page.getByRole('region', { name: 'Your plan' });
  await expect(plan.getByText('Prospector', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Thank you! Your subscription is being set up.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=subscription$/);

  await page.getByLabel('New plan').click();
  await page.getByRole('option', { name: /^Networker/ }).click();
  await page.getByRole('button', { name: 'Change Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change to Networker?' });
  await expect(
    dialog.getByText('From Prospector ($75/month) to Networker ($145/month).'),
  ).toBeVisible();
  await expect(dialog.getByText(/^You'll be charged \$[\d.]+ now/)).toBeVisible();
  await shot(page, 'change-plan-confirm', info.project.name, { fullPage: false });
  await dialog.getByRole('button', { name: 'Confirm Change' }).click();
  await expect(page.getByText('Your plan is now Networker.')).toBeVisible();
  await expect(plan.getByText('Networker', { exact: true })).toBeVisible();
});
