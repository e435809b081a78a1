import { expect, test, type Page } from '@playwright/test';
import { adminApi, rowsWithText, openAdmin } from '../../pages/admin.js';

/**
 * The spec's 300 ms debounce, as the browser sees it. A timer never fires early, so every search
 * leaves at least the debounce (less a timer's slack) after the last keystroke. A busy machine
 * only ever adds to the wait, so the quickest of a few searches shows the list's own delay: it
 * must be under 450 ms, where a search still held by react-admin's own 500 ms leaves after
 * 520-700 ms.
 */
const EARLIEST_MS = 250;
const LATEST_MS = 450;
/** Past any debounce a list could have: no search leaves this long after the last keystroke. */
const QUIET_MS = 1_000;

const searchOf = (url: string): string | undefined =>
  JSON.parse(new URL(url).searchParams.get('filter') ?? '{}').q;

/**
 * Types each term into a list's empty search box a key every 40 ms, as someone typing fast, and
 * checks what the list asked for (seen by page.on('request'), timed by the browser itself, as
 * the keystrokes are): every search is for text typed so far, left at least EARLIEST_MS after its
 * last key, and that key was followed by no other for EARLIEST_MS, so no keystroke followed by
 * another within the debounce asked for anything; one search a term when the typing never paused; and the quickest whole term's
 * search left within LATEST_MS of the term's last keystroke.
 */
async function expectDebouncedSearch(
  page: Page,
  placeholder: string,
  resource: string,
  terms: string[],
) {
  const path = `/api/admin/${resource}`;
  const isList = (url: string) => new URL(url).pathname === path;
  let requested: string[] = [];
  page.on('request', (request) => {
    const term = isList(request.url()) ? searchOf(request.url()) : undefined;
    if (term !== undefined) requested.push(term);
  });
  const box = page.getByPlaceholder(placeholder);
  const delays: number[] = [];
  for (const term of terms) {
    if (await box.inputValue()) {
      const unfiltered = page.waitForRequest(
        (request) => isList(request.url()) && searchOf(request.url()) === undefined,
      );
      await box.clear();
      await unfiltered;
    }
    requested = [];
    await box.evaluate((input) => {
      const keys: number[] = [];
      Object.assign(window, { searchKeys: keys });
      // When the page took in the changed text, which is when the debounce starts again: on a
      // busy machine a keystroke can wait behind a search's timer, so the time the key was
      // pressed (the event's timeStamp) is not when the list saw it.
      input.addEventListener('input', () => keys.push(performance.now()));
      performance.clearResourceTimings();
    });
    await box.pressSequentially(term, { delay: 40 });
    await expect.poll(() => requested.at(-1)).toBe(term);
    // A second search, or one held by a longer debounce (react-admin's own leaves 520-700 ms
    // after the last keystroke), has left by QUIET_MS after it: waited for in the browser's time.
    await page.waitForFunction(
      (quiet) =>
        performance.now() - (window as unknown as { searchKeys: number[] }).searchKeys.at(-1)! >=
        quiet,
      QUIET_MS,
    );
    const { keys, sent } = await page.evaluate(() => ({
      keys: (window as unknown as { searchKeys: number[] }).searchKeys,
      sent: performance
        .getEntriesByType('resource')
        .map(({ name, startTime }) => ({ url: name, startTime })),
    }));
    const searches = sent.filter(({ url }) => isList(url) && searchOf(url) !== undefined);
    const timeline = [
      `"${term}": keys at ${keys.map((key) => Math.round(key - keys[0])).join(', ')} ms`,
      `searches at ${searches.map(({ startTime }) => Math.round(startTime - keys[0])).join(', ')} ms`,
    ].join('; ');
    expect(keys, timeline).toHaveLength(term.length);
    expect(
      searches.map(({ url }) => searchOf(url)),
      timeline,
    ).toEqual(requested);
    const pauses = keys.filter((key, i) => i > 0 && key - keys[i - 1] >= EARLIEST_MS).length;
    // One search when the typing never paused (as it hardly ever does), else one a pause at most.
    expect(searches.length, timeline).toBeLessThanOrEqual(1 + pauses);
    for (const { url, startTime } of searches) {
      // A search is for text typed so far, whose last key the page took in the debounce or more
      // before the next key (a request can leave late on a busy machine, after the next key, so
      // when it left does not say which text it asked for).
      const searched = searchOf(url)!;
      const typed = searched.length;
      expect(
        typed > 0 && term.startsWith(searched),
        `a search for "${searched}" (${timeline})`,
      ).toBe(true);
      if (typed < term.length)
        expect(
          keys[typed] - keys[typed - 1],
          `a search for "${searched}", whose next key came within the debounce (${timeline})`,
        ).toBeGreaterThanOrEqual(EARLIEST_MS);
      expect(startTime - keys[typed - 1], timeline).toBeGreaterThanOrEqual(EARLIEST_MS);
    }
    delays.push(Math.round(searches.at(-1)!.startTime - keys.at(-1)!));
  }
  expect(
    Math.min(...delays),
    `searches left ${delays.join(', ')} ms after the last key`,
  ).toBeLessThanOrEqual(LATEST_MS);
}

test('the users search asks once, 300 ms after the last keystroke', async ({
  page,
  request,
}, info) => {
  const tag = `s${info.project.name.slice(0, 1)}${Date.now().toString(36)}`;
  const email = `${tag}.searched@example.com`;
  await (await adminApi(request)).createUser({ first_name: 'Sear', last_name: 'Ched', email });
  await openAdmin(page, '/admin/users');
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/)).toBeVisible();

  // The search matches e-mails whatever their case.
  const terms = [tag, tag.toUpperCase(), `${tag}.Searched`];
  await expectDebouncedSearch(page, 'Search users...', 'users', terms);
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await expect(rowsWithText(page, email)).toHaveCount(1);
});

test('the promotions search waits as long, as every list shares its search box', async ({
  page,
}, info) => {
  const term = `NOSUCH${info.project.name.slice(0, 1).toUpperCase()}${Date.now().toString(36)}`;
  await openAdmin(page, '/admin/promotions');
  await expect(page.getByPlaceholder('Search promotions...')).toBeVisible();

  const terms = [term, `${term}X`, `${term}YZ`];
  await expectDebouncedSearch(page, 'Search promotions...', 'promotions', terms);
  await expect(page.getByText('Showing 0 to 0 of 0 results')).toBeVisible();
});
