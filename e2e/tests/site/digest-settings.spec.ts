import { expect, test, type Page } from '@playwright/test';
import { startAsNewMember } from '../../pages/site.js';
import { shot } from '../../pages/screens.js';

/** The page is no wider than the window. */
async function fitsTheWidth(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test.use({ timezoneId: 'Asia/Tokyo' });

test('the time zone in Profile, offered from the browser, and the Daily Digest switch', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await startAsNewMember(page, {
    name: 'Ada Lovelace',
    email: `digest.${info.project.name}.${Date.now().toString(36)}@example.com`,
    password: 'digest passphrase',
  });

  await page.goto('/dashboard/settings?tab=profile');
  await expect(page.getByText('Asia / Tokyo (from your browser, not saved yet)')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const zone = page.getByRole('combobox', { name: 'Time Zone' });
  await expect(zone).toHaveValue('Asia / Tokyo');
  await zone.fill('Los Ang');
  await page.getByRole('option', { name: 'America / Los Angeles' }).click();
  await shot(page, 'settings-profile-edit', info.project.name);
  await fitsTheWidth(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page.getByText('America / Los Angeles', { exact: true })).toBeVisible();
  await shot(page, 'settings-profile', info.project.name);

  // A free member: the digest is off until they turn it on.
  await page.getByRole('tab', { name: /Notifications/ }).click();
  const digest = page.getByRole('switch', { name: 'Daily Digest' });
  await expect(digest).not.toBeChecked();
  await expect(page.getByText(/each morning at 8:00 \(America \/ Los Angeles\)/)).toBeVisible();
  await digest.focus();
  await page.keyboard.press('Space');
  await expect(digest).toBeChecked();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Notification preferences saved.')).toBeVisible();
  await shot(page, 'settings-notifications', info.project.name);
  await fitsTheWidth(page);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Daily Digest' })).toBeChecked();
});
