import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { sessionStorageKey } from '@leadpulse/common';
import { E2E_ADMIN } from '../support/admin.js';

/**
 * Opens a back-office screen signed in as the administrator, the way a returning administrator
 * finds it: the session comes from the API's sign-in and is kept where the back office keeps it,
 * so the screen is the first page the browser loads. For journeys about something other than the
 * sign-in form (signInToAdmin goes through it).
 */
export async function openAdmin(page: Page, path = '/admin'): Promise<void> {
  const login = await page.request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const session = await login.text();
  // Any page of the origin gives the script its storage; the health check is the lightest.
  await page.goto('/api/health');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [sessionStorageKey(new URL(page.url()).host), session],
  );
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

/** Signs in on the admin login page (of the shared product, or of `baseUrl`) and waits for the dashboard. */
export async function signInToAdmin(page: Page, baseUrl = ''): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel(/^Email/).fill(E2E_ADMIN.email);
  await page.getByLabel(/^Password/).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Total Users')).toBeVisible();
}

/** The admin API with the administrator's token, for setting up what a journey needs. */
export async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  return {
    async createUser(data: Record<string, unknown>): Promise<{ id: string; email: string }> {
      const response = await request.post('/api/admin/users', { data, headers });
      expect(response.status(), await response.text()).toBe(201);
      return response.json();
    },
    async findUser(email: string): Promise<{ id: string; email: string }> {
      const filter = encodeURIComponent(JSON.stringify({ q: email }));
      const response = await request.get(`/api/admin/users?filter=${filter}`, { headers });
      const [user] = (await response.json()) as { id: string; email: string }[];
      expect(user?.email).toBe(email);
      return user;
    },
    async updateUser(id: string, data: Record<string, unknown>): Promise<void> {
      expect((await request.put(`/api/admin/users/${id}`, { data, headers })).ok()).toBe(true);
    },
  };
}

/** The records of the current list: a table's rows, or on a phone the cards that stand for them. */
export function listRecords(page: Page) {
  return page.locator('tbody tr, [data-record-card]');
}

/** The rows (or cards) of the current list, by their e-mail cells. */
export function rowsWithText(page: Page, text: string) {
  return page.locator('tr, [data-record-card]').filter({ hasText: text });
}

/** Finds a user by e-mail in the Users list and opens their profile. */
export async function openUserProfile(page: Page, email: string): Promise<void> {
  await page.goto('/admin/users');
  await page.getByPlaceholder('Search users...').fill(email);
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await rowsWithText(page, email).getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByRole('region', { name: 'Account Information' })).toBeVisible();
}

/** The Audit Log, filtered by one action (its label, as the Action filter shows it). */
export async function openAuditLog(page: Page, action: string): Promise<void> {
  await page.goto('/admin/admin-actions');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: action, exact: true }).click();
}
