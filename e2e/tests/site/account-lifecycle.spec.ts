import { expect, test } from '@playwright/test';
import { signIn, startAsNewMember } from '../../pages/site.js';

const unique = (prefix: string, project: string) =>
  `${prefix}.${project}.${Date.now().toString(36)}@example.com`;

test('a member downloads their data, deletes their account, and can no longer sign in', async ({
  page,
}, info) => {
  const member = {
    name: 'Grace Hopper',
    email: unique('leaving', info.project.name),
    password: 'a long enough passphrase',
  };
  await startAsNewMember(page, member);

  // Download my data: a dated JSON file with their own profile.
  await page.goto('/dashboard/settings?tab=profile');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^leadpulse-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(
    await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => resolve(text));
        stream.on('error', reject);
      });
    }),
  ) as { profile: { email: string; first_name: string } };
  expect(data.profile).toMatchObject({ email: member.email, first_name: 'Grace' });

  // Delete my account: refused with a wrong password, done with the right one.
  await page.goto('/dashboard/settings?tab=security');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel(/^Password/).fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your current password is incorrect.')).toBeVisible();
  await dialog.getByLabel(/^Password/).fill(member.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Signed out, and the password no longer opens anything.
  await page.goto('/dashboard');
  await expect(page.getByText('Authentication Required')).toBeVisible();
  await signIn(page, member.email, member.password);
  await expect(
    page.getByText('Invalid email or password. Please check your credentials and try again.'),
  ).toBeVisible();
});
