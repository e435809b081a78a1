import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import type { ScenarioResult } from './scenarios.js';

const require = createRequire(import.meta.url);

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Vitals {
  lcp: number;
  cls: number;
  tbt: number;
}

/**
 * The landing page in headless Chromium, measured in the page by the web-vitals library (LCP,
 * CLS) and a long-task observer (TBT: the part of each long task over 50 ms, after first paint).
 */
export async function landingVitals(url: string, runs = 5): Promise<ScenarioResult> {
  const webVitals = readFileSync(
    join(dirname(require.resolve('web-vitals')), 'web-vitals.iife.js'),
    'utf8',
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const results: Vitals[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript(`${webVitals}
        window.__vitals = { lcp: 0, cls: 0, tbt: 0 };
        webVitals.onLCP((metric) => { window.__vitals.lcp = metric.value; }, { reportAllChanges: true });
        webVitals.onCLS((metric) => { window.__vitals.cls = metric.value; }, { reportAllChanges: true });
        new PerformanceObserver((list) => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          for (const task of list.getEntries()) {
            if (!paint || task.startTime >= paint.startTime)
              window.__vitals.tbt += Math.max(0, task.duration - 50);
          }
        }).observe({ type: 'longtask', buffered: true });`);
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForTimeout(3000);
      results.push(await page.evaluate(() => (window as unknown as { __vitals: Vitals }).__vitals));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const median = (key: keyof Vitals) => {
    const sorted = results.map((result) => result[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  return {
    scenario: `Landing page in headless Chromium (web-vitals), median of ${runs} cold loads at 1280×800`,
    figures: [
      {
        name: 'LCP',
        value: Number((median('lcp') / 1000).toFixed(3)),
        unit: 's',
        target: { op: '<', value: 1 },
      },
      {
        name: 'CLS',
        value: Number(median('cls').toFixed(4)),
        unit: '',
        target: { op: '<', value: 0.05 },
      },
      {
        name: 'TBT',
        value: Math.round(median('tbt')),
        unit: 'ms',
        target: { op: '<', value: 100 },
      },
    ],
    notes: [
      'No network or CPU throttling; the server is the product on loopback.',
      `runs: ${results.map((result) => `LCP ${Math.round(result.lcp)} ms, CLS ${result.cls.toFixed(4)}, TBT ${Math.round(result.tbt)} ms`).join('; ')}`,
    ],
  };
}
