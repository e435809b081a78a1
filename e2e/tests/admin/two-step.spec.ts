import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../support/admin.js';
import { startProduct, type Product } from '../../support/product.js';
import { authenticatorCode, NEXT_STEP_MS } from '../../support/totp.js';

// A product of its own, started as production starts it in this respect: administrators must use
// two-step verification. The shared product keeps the development default (off).
let product: Product;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  product = await startProduct({
    env: {
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_MFA_REQUIRED: 'true',
    },
  });
});

test.afterAll(async () => {
  await product?.stop();
  if (product) rmSync(product.dataDir, { recursive: true, force: true });
});

test('an administrator is led through two-step enrolment on first sign-in, then signs in with a code', async ({
  page,
}) => {
  await page.goto(`${product.baseUrl}/admin`);
  await page.getByLabel(/^Email/).fill(E2E_ADMIN.email);
  await page.getByLabel(/^Password/).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  await expect(page.getByText('Total Users')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await page.getByLabel('Setup key').textContent()) ?? '').replace(/\s+/g, '');
  await page.getByLabel(/^6-digit code/).fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await page.getByRole('button', { name: 'Continue to the admin portal' }).click();
  await expect(page.getByText('Total Users')).toBeVisible();

  if (test.info().project.name === 'mobile')
    await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByLabel(/^Email/).fill(E2E_ADMIN.email);
  await page.getByLabel(/^Password/).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByLabel(/^Authentication code/).fill(authenticatorCode(secret, NEXT_STEP_MS));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Total Users')).toBeVisible();
});
