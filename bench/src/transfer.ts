import { chromium, type CDPSession } from 'playwright-core';
import type { ScenarioResult } from './scenarios.js';
import { targetOf } from './targets.js';
import { CHROMIUM_ARGS, chromiumPath } from './vitals.js';

interface Received {
  url: string;
  type: string;
  encoding: string;
  bytes: number;
}

/**
 * What the browser received for a page, request by request: the DevTools protocol's
 * `encodedDataLength` (bytes on the wire, headers included, after compression), as DevTools'
 * Network panel shows them in "transferred".
 */
async function receivedFor(session: CDPSession, load: () => Promise<unknown>): Promise<Received[]> {
  const responses = new Map<string, Omit<Received, 'bytes'>>();
  const received: Received[] = [];
  session.on('Network.responseReceived', ({ requestId, type, response }) => {
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    responses.set(requestId, {
      url: response.url,
      type,
      encoding: String(headers['content-encoding'] ?? 'identity'),
    });
  });
  session.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = responses.get(requestId);
    if (response) received.push({ ...response, bytes: encodedDataLength });
  });
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
  await load();
  return received;
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

/**
 * The landing page and the admin's sign-in page loaded cold in Chromium: the JavaScript and all
 * bytes received until the network is quiet, as transferred (compressed, with headers).
 */
export async function transferredBytes(baseUrl: string): Promise<ScenarioResult> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const measure = async (path: string) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const session = await context.newCDPSession(page);
      return await receivedFor(session, () =>
        page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' }),
      );
    } finally {
      await context.close();
    }
  };
  try {
    const landing = await measure('/');
    const admin = await measure('/admin/');
    const scripts = (of: Received[]) => of.filter((item) => item.type === 'Script');
    const sum = (of: Received[]) => of.reduce((total, item) => total + item.bytes, 0);
    const encodings = (of: Received[]) =>
      [...new Set(scripts(of).map((item) => item.encoding))].join(', ');
    const list = (of: Received[]) =>
      scripts(of)
        .map((item) => `${new URL(item.url).pathname} ${kb(item.bytes)} KB (${item.encoding})`)
        .join('; ');
    return {
      scenario:
        'JavaScript a browser receives (DevTools protocol encodedDataLength: compressed, headers included), cold load in Chromium until the network is quiet',
      figures: [
        {
          name: 'landing JS transferred',
          value: kb(sum(scripts(landing))),
          unit: 'KB',
          target: targetOf('bundles', 'landing JS transferred'),
        },
        { name: 'landing, everything transferred', value: kb(sum(landing)), unit: 'KB' },
        {
          name: 'admin JS transferred',
          value: kb(sum(scripts(admin))),
          unit: 'KB',
          target: targetOf('bundles', 'admin JS transferred'),
        },
      ],
      notes: [
        `Chromium's own Accept-Encoding; the scripts came ${encodings(landing)} (landing) and ${encodings(admin)} (admin).`,
        `landing scripts: ${list(landing)}`,
        `admin scripts: ${list(admin)}`,
      ],
    };
  } finally {
    await browser.close();
  }
}
