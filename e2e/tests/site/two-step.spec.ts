import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn, startAsNewMember } from '../../pages/site.js';
import { authenticatorCode, NEXT_STEP_MS } from '../../support/totp.js';

test('a member turns on two-step verification from the QR code’s key, then signs in with a code and with a recovery code', async ({
  page,
}, info) => {
  const email = `two-step.${info.project.name}.${Date.now().toString(36)}@example.com`;
  const password = 'two step passphrase';
  await startAsNewMember(page, { name: 'Ada Lovelace', email, password });

  await page.goto('/dashboard/settings?tab=security');
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  // The person types the key shown under the QR code into their app.
  const secret = ((await page.getByLabel('Setup key').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel(/^6-digit code/).fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();

  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('leadpulse-recovery-codes.txt');
  const saved = readFileSync(await file.path(), 'utf8');
  for (const code of codes) expect(saved).toContain(code);
  await page.getByRole('button', { name: "I've saved my codes" }).click();
  await expect(page.getByText(/^On since/)).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, email, password);
  const dialog = page.getByRole('dialog', { name: 'Two-step verification' });
  await expect(
    dialog.getByText('Enter the 6-digit code from your authenticator app.'),
  ).toBeVisible();
  await dialog.getByLabel(/^Authentication code/).fill(authenticatorCode(secret, NEXT_STEP_MS));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, email, password);
  await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
  await dialog.getByLabel(/^Recovery code/).fill(codes[0]);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
