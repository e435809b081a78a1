import { expect, test } from '@playwright/test';
import { openFromSidebar } from '../../pages/leads.js';
import { fitsTheWidth, shot } from '../../pages/screens.js';
import { startAsNewMember } from '../../pages/site.js';

test('the ICP preview moves while editing, a card moved by keyboard stays, Today brings the next lead, won asks why, monitored leads make news', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await startAsNewMember(page, {
    name: 'Ada Lovelace',
    email: `pipeline.${info.project.name}.${Date.now().toString(36)}@example.com`,
    password: 'pipeline passphrase',
  });
  await openFromSidebar(page, 'Leads');
  await page.getByRole('button', { name: 'Try the sample data' }).click();
  await expect(
    page.getByRole('region', { name: 'Import', exact: true }).getByText(/^Read [\d,]+ rows/),
  ).toBeVisible({ timeout: 90_000 });

  // The ICP: the preview follows the fit share.
  await page.goto('/dashboard/icp');
  const strong = page.getByRole('status').filter({ hasText: /leads would score 70 or more/ });
  await expect(strong).toBeVisible();
  const before = await strong.textContent();
  await shot(page, 'icp', info.project.name);
  await fitsTheWidth(page);
  const previewed = page.waitForResponse((r) => r.url().endsWith('/api/icp/preview'));
  await page.getByRole('slider', { name: /fit, .* intent/ }).focus();
  await page.keyboard.press('End');
  await previewed;
  await expect(strong).not.toHaveText(before!);
  await page.getByRole('button', { name: 'Save and rescore' }).click();
  await expect(page.getByText('Every lead is scored with this profile.')).toBeVisible({
    timeout: 60_000,
  });

  // Today: Done takes the first lead off and the list fills up again.
  await openFromSidebar(page, 'Today');
  const today = page.getByRole('list', { name: "Today's leads" });
  // Each lead of Today is a list item named after the lead.
  const cards = today.locator(':scope > li');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  const first = (await cards.first().getAttribute('aria-label'))!;
  await shot(page, 'today', info.project.name);
  await fitsTheWidth(page);
  await today.getByRole('button', { name: `Done with ${first}` }).click();
  await expect(today.getByRole('listitem', { name: first, exact: true })).toHaveCount(0);
  await expect(cards).toHaveCount(count);

  // Two leads into the pipeline from Today, then the second one moved by keyboard.
  const a = (await cards.nth(0).getAttribute('aria-label'))!;
  const b = (await cards.nth(1).getAttribute('aria-label'))!;
  for (const name of [a, b]) {
    const card = today.getByRole('listitem', { name, exact: true });
    await card.getByRole('button', { name: 'Add to pipeline' }).click();
    await expect(card.getByRole('button', { name: 'Add to pipeline' })).toHaveCount(0);
  }
  await openFromSidebar(page, 'Pipeline');
  const column = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(column('New').getByRole('button', { name: /^Move / })).toHaveCount(2);
  await shot(page, 'pipeline', info.project.name);
  await fitsTheWidth(page);

  const moved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('/api/leads/'),
  );
  await column('New')
    .getByRole('button', { name: `Move ${b}` })
    .focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  // The card is over the next column before it is dropped.
  await expect(column('Contacted').getByRole('button', { name: `Move ${b}` })).toBeVisible();
  await page.keyboard.press('Space');
  expect((await moved).ok()).toBe(true);
  await page.reload();
  await expect(column('Contacted').getByRole('button', { name: `Move ${b}` })).toBeVisible();
  await expect(column('New').getByRole('button', { name: `Move ${a}` })).toBeVisible();

  // By mouse (on a wide screen, where the third column is in view): the first card to Conversation.
  if (page.viewportSize()!.width >= 768) {
    const handle = column('New').getByRole('button', { name: `Move ${a}` });
    const target = column('Conversation');
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    const dropped = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/api/leads/'),
    );
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
    await page.mouse.up();
    expect((await dropped).ok()).toBe(true);
    await page.reload();
    await expect(column('Conversation').getByRole('button', { name: `Move ${a}` })).toBeVisible();
    await expect(column('New').getByText('0', { exact: true })).toBeVisible();
  }

  // The lead's "why": lines adding up to its score.
  await column('Contacted').getByRole('link', { name: b }).click();
  const why = page.getByRole('region', { name: 'Score' });
  await expect(why.getByRole('list', { name: 'Why this score' })).toBeVisible();
  await shot(page, 'lead', info.project.name);
  await fitsTheWidth(page);

  // Won from the lead's own stage select asks why, as the board does; the timeline keeps it.
  await page.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: 'Won' }).click();
  const reasonDialog = page.getByRole('dialog', { name: `Won ${b}` });
  await reasonDialog.getByRole('textbox', { name: 'Reason' }).fill('Clear ROI in the pilot');
  await reasonDialog.getByRole('button', { name: 'Mark won' }).click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByText('Moved to Won from Contacted')).toBeVisible();
  await expect(timeline.getByText('Clear ROI in the pilot')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Stage' })).toHaveText('Won');
  await expect(timeline.getByText('Clear ROI in the pilot')).toBeVisible();

  // The list shows Fit and Intent, and sorts by Score from its heading on a wide screen.
  await openFromSidebar(page, 'Leads');
  if (page.viewportSize()!.width >= 768) {
    await page.getByRole('columnheader', { name: 'Fit' }).waitFor();
    await page.getByRole('button', { name: 'Score', exact: true }).click();
    await expect(page).toHaveURL(/sort=-score/);
  } else await expect(page.getByText(/Score \d+ \(fit \d+, intent \d+\)/).first()).toBeVisible();
  await shot(page, 'leads', info.project.name);
  await fitsTheWidth(page);

  // Monitoring: a lead with a message or a new role, monitored, is news on the Welcome page.
  await openFromSidebar(page, 'Today');
  const newsworthy = today
    .locator(':scope > li')
    .filter({ hasText: /Reply to their message|Congratulate them on the new role/ })
    .first();
  const watched = (await newsworthy.getAttribute('aria-label'))!;
  await newsworthy.getByRole('link', { name: 'Open' }).click();
  // The switch follows the saved lead, so it turns on once the server has answered.
  await page.getByRole('switch', { name: 'Monitored' }).click();
  await expect(page.getByRole('switch', { name: 'Monitored' })).toBeChecked();
  await openFromSidebar(page, 'Welcome');
  const news = page.getByRole('region', { name: 'Since your last visit' });
  await expect(news.getByRole('link', { name: watched, exact: true }).first()).toBeVisible();
  await expect(news.getByRole('list', { name: 'News on monitored leads' })).toContainText(
    /changed jobs|sent you a message/,
  );
  await shot(page, 'welcome-news', info.project.name);
  await fitsTheWidth(page);
});
