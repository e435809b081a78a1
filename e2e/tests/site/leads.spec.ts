import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { mapColumn, openFromSidebar } from '../../pages/leads.js';
import { startAsNewMember } from '../../pages/site.js';

const member = (prefix: string, project: string) => ({
  name: 'Ada Lovelace',
  email: `${prefix}.${project}.${Date.now().toString(36)}@example.com`,
  password: 'leads passphrase',
});

test('a new member imports the sample, searches, opens a lead and logs engagement on its timeline', async ({
  page,
}, info) => {
  await startAsNewMember(page, member('sample', info.project.name));
  await openFromSidebar(page, 'Leads');

  const start = page.getByRole('region', { name: 'Bring your network in' });
  await expect(start.getByText('Ask LinkedIn for a copy of your data')).toBeVisible();
  await expect(start.getByRole('link', { name: /Get a copy of your data/ })).toHaveAttribute(
    'href',
    'https://www.linkedin.com/mypreferences/d/download-my-data',
  );
  await start.getByRole('button', { name: 'Try the sample data' }).click();

  await expect(page).toHaveURL(/\/dashboard\/imports$/);
  const run = page.getByRole('region', { name: 'Import', exact: true });
  await expect(run.getByRole('progressbar')).toBeVisible();
  await expect(run.getByText(/^Read [\d,]+ rows: [\d,]+ leads added/)).toBeVisible({
    timeout: 90_000,
  });
  await expect(run.getByRole('listitem', { name: /Connections/ }).first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Earlier imports' }).getByText('Done'),
  ).toBeVisible();

  await run.getByRole('link', { name: 'See your leads' }).click();
  await expect(page.getByRole('status').filter({ hasText: /of [\d,]+ leads/ })).toBeVisible();

  // Sorted by score, the next page follows the cursor of the page on screen, and so does the
  // previous one; a reload of the address shows the same page.
  if (info.project.name === 'mobile') await page.getByRole('button', { name: 'Filters' }).click();
  const sorted = page.waitForResponse(
    (answer) =>
      new URL(answer.url()).pathname === '/api/leads' &&
      new URL(answer.url()).searchParams.get('sort') === '-score',
  );
  // On a phone the filters are still unfolding: a click that lands mid-way focuses the field
  // without opening it, so click until the list of orders is open.
  await expect(async () => {
    await page.getByLabel('Sort by').click();
    await expect(page.getByRole('option', { name: 'Highest score' })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass();
  await page.getByRole('option', { name: 'Highest score' }).click();
  await expect(page).toHaveURL(/sort=-score/);
  // The list by last signal stays on screen, "Updating…", until the sorted one comes.
  await sorted;
  await expect(page.getByRole('status').filter({ hasText: 'Updating' })).toHaveCount(0);
  const range = page.getByRole('status').filter({ hasText: /of [\d,]+ leads/ });
  await expect(range).toHaveText(/^1–25 of /);
  const topLead = await page.locator('[href^="/dashboard/leads/"]').first().textContent();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/page=2&after=/);
  await expect(range).toHaveText(/^26–50 of /);
  const secondPageLead = await page.locator('[href^="/dashboard/leads/"]').first().textContent();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/page=3&after=/);
  await expect(range).toHaveText(/^51–75 of /);
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(page).toHaveURL(/page=2&before=/);
  await page.reload();
  await expect(range).toHaveText(/^26–50 of /);
  await expect(page.locator('[href^="/dashboard/leads/"]').first()).toHaveText(secondPageLead!);
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(page).toHaveURL(/\/dashboard\/leads\?sort=-score$/);
  await expect(range).toHaveText(/^1–25 of /);
  await expect(page.locator('[href^="/dashboard/leads/"]').first()).toHaveText(topLead!);
  await page.goto('/dashboard/leads');
  await expect(range).toBeVisible();
  const first = page
    .getByRole('link', { name: /\S/ })
    .and(page.locator('[href^="/dashboard/leads/"]'))
    .first();
  const name = (await first.textContent())!.trim();
  const lastName = name.split(' ').at(-1)!;

  const searched = page.waitForResponse(
    (answer) =>
      new URL(answer.url()).pathname === '/api/leads' &&
      new URL(answer.url()).searchParams.get('q') === lastName,
  );
  await page.getByLabel('Search leads').fill(lastName);
  await searched;
  await expect(page.getByRole('status').filter({ hasText: 'Updating' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(lastName)}`));
  await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
  // The export is the current search's.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('leads.csv');
  const rows = readFileSync((await file.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  const listed = await page
    .getByRole('status')
    .filter({ hasText: /of [\d,]+ leads?/ })
    .textContent();
  expect(rows.length - 1).toBe(Number(/of ([\d,]+) lead/.exec(listed!)![1].replace(/,/g, '')));
  expect(rows.some((row) => row.includes(name.split(' ')[0]))).toBe(true);

  await page.getByRole('link', { name, exact: true }).first().click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByText('Connected').first()).toBeVisible();

  await page.getByRole('button', { name: 'Log engagement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log engagement' });
  await dialog.getByLabel('Commented on my post').check();
  await dialog.getByLabel('Post link (optional)').fill('https://www.linkedin.com/posts/ada-launch');
  await dialog.getByRole('button', { name: 'Log engagement' }).click();
  await expect(dialog).toBeHidden();

  const newest = timeline.getByRole('listitem').first();
  await expect(newest.getByText('Commented on my post')).toBeVisible();
  await expect(newest.getByRole('link', { name: 'Open the post' })).toHaveAttribute(
    'href',
    'https://www.linkedin.com/posts/ada-launch',
  );
  await expect(newest.getByText('Logged by you')).toBeVisible();
});

test('a CSV with unusual headers is mapped by the member and imported', async ({ page }, info) => {
  await startAsNewMember(page, member('csv', info.project.name));
  await openFromSidebar(page, 'Imports');
  await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();

  const csv = [
    'Vorname,Nachname,Profil,Firma,Rolle,Kontakt-Mail,Notizen',
    'Émilie,Du Châtelet,https://www.linkedin.com/in/emilie-du-chatelet,Académie,Physicist,emilie@example.com,met in Paris',
    'Grace,Hopper,https://www.linkedin.com/in/grace-hopper-42,US Navy,"Rear Admiral, retired",,',
  ].join('\r\n');
  await page.getByLabel('ZIP or CSV file to import').setInputFiles({
    name: 'kontakte.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}`),
  });

  const mapping = page.getByRole('region', { name: 'Match the columns of kontakte.csv' });
  await expect(mapping.getByRole('combobox', { name: 'Field for Vorname' })).toHaveText(
    'First name',
  );
  await expect(mapping.getByRole('combobox', { name: 'Field for Nachname' })).toHaveText(
    'Last name',
  );
  await expect(mapping.getByRole('combobox', { name: 'Field for Profil' })).toHaveText(
    'Don’t import',
  );
  await mapColumn(page, 'Profil', 'LinkedIn profile URL');
  await mapColumn(page, 'Firma', 'Company');
  await mapColumn(page, 'Rolle', 'Title');
  await mapColumn(page, 'Kontakt-Mail', 'E-mail');
  await mapping.getByRole('button', { name: 'Import this CSV' }).click();

  const run = page.getByRole('region', { name: 'Import', exact: true });
  await expect(
    run.getByText('Read 2 rows: 2 leads added, 0 updated, 0 signals added, 0 skipped.'),
  ).toBeVisible({ timeout: 60_000 });
  await run.getByRole('link', { name: 'See your leads' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1–2 of 2 leads' })).toBeVisible();
  await page.getByRole('link', { name: 'Émilie Du Châtelet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Émilie Du Châtelet' })).toBeVisible();
  await expect(page.getByText('Physicist at Académie')).toBeVisible();
  await expect(page.getByRole('link', { name: 'emilie@example.com' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'emilie-du-chatelet' })).toBeVisible();
});
