import { expect, test } from '@playwright/test';
import { openFromSidebar } from '../../pages/leads.js';
import { startAsNewMember } from '../../pages/site.js';
import { expectNoSeriousAxeViolations } from '../../support/axe.js';
import { shot } from '../../pages/screens.js';

test('a member builds a rule from choices, previews it, and sees it run when engagement is logged', async ({
  page,
}, info) => {
  await startAsNewMember(page, {
    name: 'Ada Lovelace',
    email: `automation.${info.project.name}.${Date.now().toString(36)}@example.com`,
    password: 'automation passphrase',
  });

  // A lead to act on, added by hand.
  await openFromSidebar(page, 'Leads');
  await page.getByRole('button', { name: 'Add lead' }).first().click();
  const adding = page.getByRole('dialog', { name: 'Add a lead' });
  await adding.getByLabel(/First name/).fill('Grace');
  await adding.getByLabel('Last name').fill('Hopper');
  await adding.getByRole('button', { name: 'Add lead' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  const leadUrl = page.url();

  await openFromSidebar(page, 'Automation');
  await expect(page).toHaveURL(/\/dashboard\/automation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Automation' })).toBeVisible();
  await expect(page.getByText('No rules yet. Build your first one below.')).toBeVisible();
  await expect(page.getByText(/^No runs yet\./)).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the empty Automation page');

  // When a lead comments on my post, if their score is at least 10, create a task.
  await page.getByLabel(/Rule name/).fill('Warm commenters');
  await expect(page.getByRole('combobox', { name: 'What starts the rule' })).toHaveText(
    'A new signal',
  );
  await expect(page.getByRole('combobox', { name: 'Signal kinds' })).toHaveText(
    'Commented on my post',
  );
  await page.getByLabel('Minimum score').fill('10');
  await page.getByLabel('Task title').fill('Reply to their comment');
  await page.getByRole('button', { name: 'Preview matching leads' }).click();
  await expect(
    page.getByRole('region', { name: 'Preview' }).getByText('No current lead matches this rule.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save rule' }).click();

  const rules = page.getByRole('region', { name: 'Your rules' });
  await expect(rules.getByRole('heading', { name: 'Warm commenters' })).toBeVisible();
  await expect(rules.getByText('When a lead: commented on my post')).toBeVisible();
  await expect(rules.getByText('If the lead has a score of at least 10')).toBeVisible();
  await expect(rules.getByRole('switch', { name: 'Warm commenters enabled' })).toBeChecked();
  await expectNoSeriousAxeViolations(page, 'the Automation page with a rule');

  // The trigger: engagement logged on the lead.
  await page.goto(leadUrl);
  await page.getByRole('button', { name: 'Log engagement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log engagement' });
  await dialog.getByLabel('Commented on my post').check();
  await dialog.getByRole('button', { name: 'Log engagement' }).click();
  await expect(dialog).toBeHidden();

  await openFromSidebar(page, 'Automation');
  const runs = page.getByRole('list', { name: 'Runs' });
  const run = runs.getByRole('listitem').filter({ hasText: 'Warm commenters' }).first();
  await expect(run).toBeVisible({ timeout: 30_000 });
  await expect(run.getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
  await expect(run.getByText('Done', { exact: true })).toBeVisible();
  await expect(
    run.getByText(/Task “Reply to their comment” due \d{4}-\d{2}-\d{2} \(done\)/),
  ).toBeVisible();
  await expect(rules.getByText(/Ran 1 time, last on/)).toBeVisible();

  // The preview now finds the lead.
  await page.getByRole('button', { name: 'Preview matching leads' }).click();
  await expect(
    page.getByRole('region', { name: 'Preview' }).getByText('1 current lead matches this rule.'),
  ).toBeVisible();

  // Switched off, then deleted.
  const enabled = rules.getByRole('switch', { name: 'Warm commenters enabled' });
  await enabled.click();
  await expect(enabled).not.toBeChecked();
  await expect(rules.getByText('Off', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the Automation page with a run');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await shot(page, 'automation', info.project.name);
  await rules.getByRole('button', { name: 'Delete Warm commenters' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this rule?' });
  await expectNoSeriousAxeViolations(page, 'the delete confirmation');
  await confirm.getByRole('button', { name: 'Delete rule' }).click();
  await expect(page.getByText('No rules yet. Build your first one below.')).toBeVisible();
});
