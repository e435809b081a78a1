import { expect, type Page } from '@playwright/test';

const SHOTS = process.env.E2E_SHOTS_DIR;

/** The page is no wider than the window (boards and wide tables scroll inside themselves). */
export async function fitsTheWidth(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/**
 * A screenshot for looking at a screen (never compared), when a folder for them is given:
 * `E2E_SHOTS_DIR=/tmp/shots npm run test -w e2e`. The whole page unless told the window only.
 */
export async function shot(
  page: Page,
  name: string,
  project: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage });
}
