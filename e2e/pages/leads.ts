import { expect, type Page } from '@playwright/test';

/** Follows a sidebar link, opening the collapsed sidebar first below 768 px (a phone). */
export async function openFromSidebar(page: Page, name: string): Promise<void> {
  if (page.viewportSize()!.width < 768)
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name }).click();
}

/** Picks a field for a CSV column in the mapping step. */
export async function mapColumn(page: Page, column: string, field: string): Promise<void> {
  await page.getByRole('combobox', { name: `Field for ${column}` }).click();
  await page.getByRole('option', { name: field, exact: true }).click();
  await expect(page.getByRole('combobox', { name: `Field for ${column}` })).toHaveText(field);
}
