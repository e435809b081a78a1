import { expect, type Page } from '@playwright/test';
import { linkFromOutbox } from '../support/outbox.js';

export interface NewMember {
  name: string;
  email: string;
  password: string;
}

/** Signs up through the Create Account dialog and waits for the spec's success toast. */
export async function signUp(page: Page, member: NewMember): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await dialog.getByLabel('Full Name').fill(member.name);
  await dialog.getByLabel('Email').fill(member.email);
  await dialog.getByLabel(/^Password/).fill(member.password);
  await dialog.getByLabel('Confirm Password').fill(member.password);
  await dialog.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully!', { exact: false })).toBeVisible();
}

/**
 * A new member, confirmed and on the dashboard, for journeys about what comes after sign-up (the
 * account journeys go through the Create Account dialog): the account comes from the API's sign-up
 * in this browser, whose cookie the e-mail's link then finds, so the link signs in here.
 */
export async function startAsNewMember(page: Page, member: NewMember): Promise<void> {
  const signup = await page.request.post('/api/auth/signup', { data: member });
  expect(signup.status(), await signup.text()).toBe(201);
  await page.goto(await linkFromOutbox(member.email, 'confirm-email'));
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs in through the Welcome Back dialog (the outcome is the caller's to check). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

/** Claims a founding spot from the landing page and stops on the sandbox checkout page. */
export async function startFoundingCheckout(page: Page, email: string): Promise<string> {
  await page.goto('/');
  const pricing = page.getByRole('region', { name: 'Become a Founding Member' });
  await pricing.getByRole('button', { name: 'Claim Your Founding Spot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Claim Your Founding Spot' });
  await dialog.getByLabel(/^First Name/).fill('Ada');
  await dialog.getByLabel(/^Last Name/).fill('Lovelace');
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Phone/).fill('5551234567');
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('TEST MODE')).toBeVisible();
  return page.url();
}

/** Pays on the sandbox checkout page and waits for the success page. */
export async function payOnCheckout(page: Page, checkoutUrl: string): Promise<void> {
  await page.goto(checkoutUrl);
  await page.getByRole('button', { name: 'Pay $50.00' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Founding Member!' })).toBeVisible();
}

/** The local Stripe sandbox's dashboard (its clock and webhook switch), at the checkout's origin. */
export async function openSandbox(page: Page, checkoutUrl: string): Promise<void> {
  await page.goto(`${new URL(checkoutUrl).origin}/`);
  await expect(page.getByRole('heading', { name: 'Stripe sandbox' })).toBeVisible();
}
