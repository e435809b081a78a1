import { expect, test } from '@playwright/test';

// Chromium never upgrades loopback addresses, so the page is opened by another name for 127.0.0.1.
const HOST = 'leadpulse.test';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  },
});

test('the landing page renders over plain HTTP on a host other than localhost', async ({
  page,
}) => {
  const url = new URL(process.env.E2E_BASE_URL!);
  url.hostname = HOST;
  await page.goto(url.href);
  await expect(page.getByRole('heading', { name: 'Turn Likes Into Leads' })).toBeVisible();
});
