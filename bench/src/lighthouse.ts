import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import type { Figure } from './scenarios.js';
import { targetOf } from './targets.js';
import { chromiumPath } from './vitals.js';

interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  scriptKb: number;
}

/** Chromium with a DevTools port for Lighthouse, which drives it over the protocol. */
async function launchForLighthouse(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'leadpulse-lighthouse-'));
  const child = spawn(
    chromiumPath(),
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Chromium writes to its profile until it has exited: the folder goes after.
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  };
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${output}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  }).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return { port, close };
}

/**
 * Lighthouse's performance category with its default (mobile) settings: a Moto G Power sized
 * screen, simulated slow 4G (150 ms RTT, 1.6 Mbps down) and a 4× slower CPU, each run from a cold
 * cache. `runs` runs; the median by score is reported.
 */
export async function lighthouseMobile(
  url: string,
  runs: number,
): Promise<{ figures: Figure[]; notes: string[] }> {
  const chromium = await launchForLighthouse();
  const results: LighthouseRun[] = [];
  let version = '';
  try {
    for (let run = 0; run < runs; run++) {
      const answer = await lighthouse(url, {
        port: chromium.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!answer) throw new Error('Lighthouse gave no result');
      const { lhr } = answer;
      version = lhr.lighthouseVersion;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const requests =
        (
          lhr.audits['network-requests']?.details as
            { items: { resourceType?: string; transferSize?: number }[] } | undefined
        )?.items ?? [];
      const scriptBytes = requests
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      results.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: numeric('first-contentful-paint'),
        lcp: numeric('largest-contentful-paint'),
        tbt: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        si: numeric('speed-index'),
        scriptKb: Number((scriptBytes / 1024).toFixed(1)),
      });
    }
  } finally {
    await chromium.close();
  }
  const median = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)];
  return {
    figures: [
      {
        name: 'Lighthouse mobile performance',
        value: median.score,
        unit: '',
        target: targetOf('vitals', 'Lighthouse mobile performance'),
      },
      { name: 'Lighthouse mobile LCP', value: Number((median.lcp / 1000).toFixed(2)), unit: 's' },
      { name: 'Lighthouse mobile TBT', value: Math.round(median.tbt), unit: 'ms' },
      { name: 'Lighthouse mobile FCP', value: Number((median.fcp / 1000).toFixed(2)), unit: 's' },
      { name: 'Lighthouse mobile CLS', value: Number(median.cls.toFixed(3)), unit: '' },
      { name: 'Lighthouse JS transferred', value: median.scriptKb, unit: 'KB' },
    ],
    notes: [
      `Lighthouse ${version} (the npm package) driving Debian's Chromium, performance category, default mobile settings: simulated slow 4G (150 ms RTT, 1.6 Mbps), 4× CPU slowdown, 412×823 screen; median of ${runs} by score.`,
      `Lighthouse runs: ${results
        .map(
          (run) =>
            `score ${run.score}, FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}, SI ${Math.round(run.si)} ms, JS ${run.scriptKb} KB`,
        )
        .join('; ')}`,
    ],
  };
}
