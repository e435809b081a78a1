import { expect, test } from '@playwright/test';
import { openFromSidebar } from '../../pages/leads.js';
import { startAsNewMember } from '../../pages/site.js';

const LAUNCH =
  'After 18 months of building in stealth, we launched Ledgerly today: invoicing for freelancers that chases late payments for you.';

test('a member drafts five comments for a post, edits and copies one, and marks it used', async ({
  page,
  context,
}, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await startAsNewMember(page, {
    name: 'Ada Lovelace',
    email: `comments.${info.project.name}.${Date.now().toString(36)}@example.com`,
    password: 'comments passphrase',
  });
  await openFromSidebar(page, 'Comments');
  await expect(page).toHaveURL(/\/dashboard\/comments$/);
  await expect(page.getByText(/10 AI credits left this month/)).toBeVisible();

  await page.getByLabel(/The post’s text/).fill(LAUNCH);
  await page.getByRole('button', { name: 'Draft five comments' }).click();
  const drafts = page.getByRole('article');
  await expect(drafts).toHaveCount(5);
  await expect(page.getByText(/9 AI credits left this month/)).toBeVisible();

  const congrats = page.getByRole('article', { name: 'Congratulations draft' });
  const text = congrats.getByRole('textbox', { name: 'Congratulations comment' });
  await text.fill('Congratulations on the launch, Ledgerly looks great!');
  await congrats.getByRole('button', { name: 'Copy' }).click();
  await expect(
    page.getByText('Comment copied. Paste it under the post on LinkedIn.'),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    'Congratulations on the launch, Ledgerly looks great!',
  );
  await congrats.getByRole('button', { name: 'Mark used' }).click();
  await expect(congrats.getByText('Used', { exact: true })).toBeVisible();

  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(LAUNCH)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
});
