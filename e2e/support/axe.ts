import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA and axe's best practices: what a careful product is checked against. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Fails on any serious or critical axe-core violation of the page as it is now (an open dialog
 * included), naming each rule, its help and the elements. Waits for transitions to end first: a
 * dialog fading in would otherwise be measured at part opacity. A transition that has not begun
 * is not yet an animation, so an open dialog must also be fully opaque, and both must hold over
 * two frames in a row. Endless animations (spinners) are not waited for.
 */
export async function expectNoSeriousAxeViolations(page: Page, what: string): Promise<void> {
  const settled = () =>
    page.waitForFunction(() => {
      const animating = document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        );
      const translucent = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
        // A dialog kept mounted while closed is hidden, not fading.
        .filter((dialog) => dialog.checkVisibility({ visibilityProperty: true }))
        .flatMap((dialog) => {
          const chain: Element[] = [];
          for (let node: Element | null = dialog; node; node = node.parentElement) chain.push(node);
          return chain;
        })
        .some((node) => Number(getComputedStyle(node).opacity) < 1);
      return !animating && !translucent;
    });
  await settled();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await settled();
  // Whatever is still mid-transition jumps to where it ends: the page as it will be seen.
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  await still.evaluate((style) => (style as Element).remove());
  const serious = violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
          .map(
            (node) => `  ${node.target.join(' ')}: ${node.failureSummary?.split('\n').join(' ')}`,
          )
          .join('\n')}`,
    )
    .join('\n');
  expect(serious.length, `axe on ${what} at ${page.url()}:\n${report}`).toBe(0);
}
