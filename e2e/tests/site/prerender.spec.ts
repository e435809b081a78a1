import { expect, test } from '@playwright/test';
import { countSubscribers } from '../../support/outbox.js';

const unique = (prefix: string, project: string) =>
  `${prefix}.${project}.${Date.now().toString(36)}@example.com`;

test.describe('the landing page rendered at build time, without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('is on screen, styled, before any script runs', async ({ page }) => {
    await page.goto('/');
    const heading = page.getByRole('heading', { name: 'Turn Likes Into Leads' });
    await expect(heading).toBeVisible();
    await expect(heading).toHaveCSS('font-weight', '800');
    await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
    const offer = page.getByRole('region', { name: 'Become a Founding Member' });
    await expect(offer.getByText('Only 40 founding spots, with auto renewal.')).toBeVisible();
    await expect(offer.getByRole('button', { name: 'Claim Your Founding Spot' })).toBeVisible();
    const waitlist = page.getByRole('region', { name: 'Join the Waitlist' });
    await expect(waitlist.getByLabel('Email')).toBeVisible();
  });
});

test.describe('the landing page rendered at build time', () => {
  test('is taken over by the app without being drawn again', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    // The elements of the build's HTML, kept as the page starts: hydrated, they stay on screen.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const built = document.querySelectorAll('#root :is(header, section, form, input, footer)');
        (window as unknown as { built: Element[] }).built = [...built];
      }),
    );
    await page.goto('/');
    // The offer's own code draws the spot count: the sections have hydrated by then.
    const offer = page.getByRole('region', { name: 'Become a Founding Member' });
    await expect(offer.getByText(/of 40 spots left/)).toBeVisible();
    const kept = await page.evaluate(() =>
      (window as unknown as { built: Element[] }).built.map((element) => element.isConnected),
    );
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.every(Boolean)).toBe(true);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('hears a visitor who acts before the page has finished loading', async ({
    page,
    context,
  }, info) => {
    // A slow link, so that the sections' code arrives well after the page has painted.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 300,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const email = unique('early', info.project.name);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const waitlist = page.getByRole('region', { name: 'Join the Waitlist' });
    await waitlist.getByLabel('Email').fill(email);
    await waitlist.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(waitlist.getByText("You're on the list!")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await countSubscribers(email)).toBe(1);
  });

  test('is not sent for the other pages of the site', async ({ page, request }) => {
    const landing = await (await request.get('/')).text();
    expect(landing).toContain('Join the Waitlist');
    const other = await (await request.get('/dashboard/settings')).text();
    expect(other).not.toContain('Join the Waitlist');
    expect(other).toContain('<div id="root"></div>');

    await page.goto('/dashboard/settings');
    await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
    await expect(page).toHaveTitle('Settings · LeadPulse');
  });
});
