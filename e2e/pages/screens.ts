import { expect, type Page } from '@playwright/test';

const SHOTS = process.env.E2E_SHOTS_DIR;

/** The page is no wider than the window (boards and wide tables scroll inside themselves). */
export async function fitsTheWidth(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** A screenshot for looking at a screen, when a folder for them is given (`E2E_SHOTS_DIR`). */
export async function shot(page: Page, name: string, project: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage: true });
}
