import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import type { ScenarioResult } from './scenarios.js';
import { lighthouseMobile } from './lighthouse.js';
import { targetOf } from './targets.js';

const require = createRequire(import.meta.url);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Vitals {
  lcp: number;
  cls: number;
  tbt: number;
}

/** The web-vitals library and a long-task observer, installed before the page's own scripts. */
function observer(webVitals: string): string {
  return `${webVitals}
    window.__vitals = { lcp: 0, cls: 0, tbt: 0 };
    webVitals.onLCP((metric) => { window.__vitals.lcp = metric.value; }, { reportAllChanges: true });
    webVitals.onCLS((metric) => { window.__vitals.cls = metric.value; }, { reportAllChanges: true });
    new PerformanceObserver((list) => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      for (const task of list.getEntries()) {
        if (!paint || task.startTime >= paint.startTime)
          window.__vitals.tbt += Math.max(0, task.duration - 50);
      }
    }).observe({ type: 'longtask', buffered: true });`;
}

/**
 * The landing page in headless Chromium, measured in the page by the web-vitals library (LCP,
 * CLS) and a long-task observer (TBT: the part of each long task over 50 ms, after first paint):
 * `runs` cold loads as they are, then `runs` with the CPU slowed 4× (Chrome DevTools protocol's
 * Emulation.setCPUThrottlingRate, as Lighthouse's mobile profile does).
 */
export async function landingVitals(
  url: string,
  runs = 5,
  lighthouseRuns = 3,
): Promise<ScenarioResult> {
  const webVitals = readFileSync(
    join(dirname(require.resolve('web-vitals')), 'web-vitals.iife.js'),
    'utf8',
  );
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
  const measure = async (cpuSlowdown: number): Promise<Vitals> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      if (cpuSlowdown > 1) {
        const session = await context.newCDPSession(page);
        await session.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      }
      await page.addInitScript(observer(webVitals));
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForTimeout(3000 * cpuSlowdown);
      return await page.evaluate(() => (window as unknown as { __vitals: Vitals }).__vitals);
    } finally {
      await context.close();
    }
  };
  const results: Vitals[] = [];
  const throttled: Vitals[] = [];
  try {
    for (let run = 0; run < runs; run++) results.push(await measure(1));
    for (let run = 0; run < runs; run++) throttled.push(await measure(4));
  } finally {
    await browser.close();
  }
  const mobile = await lighthouseMobile(url, lighthouseRuns);
  const median = (of: Vitals[], key: keyof Vitals) => {
    const sorted = of.map((result) => result[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  const describe = (of: Vitals[]) =>
    of
      .map(
        (result) =>
          `LCP ${Math.round(result.lcp)} ms, CLS ${result.cls.toFixed(4)}, TBT ${Math.round(result.tbt)} ms`,
      )
      .join('; ');
  return {
    scenario: `Landing page in headless Chromium: web-vitals, median of ${runs} cold loads at 1280×800; Lighthouse mobile, median of ${lighthouseRuns}`,
    figures: [
      {
        name: 'LCP',
        value: Number((median(results, 'lcp') / 1000).toFixed(3)),
        unit: 's',
        target: targetOf('vitals', 'LCP'),
      },
      {
        name: 'CLS',
        value: Number(median(results, 'cls').toFixed(4)),
        unit: '',
        target: { op: '<', value: 0.05 },
      },
      {
        name: 'TBT',
        value: Math.round(median(results, 'tbt')),
        unit: 'ms',
        target: targetOf('vitals', 'TBT'),
      },
      {
        name: 'LCP, 4× CPU throttling',
        value: Number((median(throttled, 'lcp') / 1000).toFixed(3)),
        unit: 's',
        target: targetOf('vitals', 'LCP, 4× CPU throttling'),
      },
      {
        name: 'TBT, 4× CPU throttling',
        value: Math.round(median(throttled, 'tbt')),
        unit: 'ms',
      },
      ...mobile.figures,
    ],
    notes: [
      'web-vitals: no network throttling; the server is the product on loopback.',
      `runs: ${describe(results)}`,
      `runs with 4× CPU throttling: ${describe(throttled)}`,
      ...mobile.notes,
    ],
  };
}
