import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ensureBrowser } from './check-browser.mjs';

const script = fileURLToPath(new URL('./check-browser.mjs', import.meta.url));

function fakeBrowser() {
  const path = join(mkdtempSync(join(tmpdir(), 'browser-')), 'chromium');
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
}

test('passes when Chromium is where the journeys look', () => {
  assert.equal(ensureBrowser({ path: fakeBrowser(), install: undefined }), undefined);
});

test('says how to install Chromium when it is missing and cannot be installed here', () => {
  const message = ensureBrowser({ path: '/nonexistent/chromium', install: undefined });
  assert.match(message, /need Chromium at \/nonexistent\/chromium/);
  assert.match(message, /apt-get install -y chromium/);
});

test('installs when it can, and checks the result', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'browser-')), 'chromium');
  let installs = 0;
  const installed = ensureBrowser({
    path,
    install: () => {
      installs += 1;
      writeFileSync(path, '#!/bin/sh\n');
      chmodSync(path, 0o755);
      return true;
    },
  });
  assert.equal(installed, undefined);
  assert.equal(installs, 1);
  assert.match(ensureBrowser({ path: '/nonexistent/chromium', install: () => true }), /Install it/);
});

test('stops npm test in its first seconds, with a non-zero exit', () => {
  const result = spawnSync(process.execPath, [script], {
    env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(result.status, 1);
  assert.match(result.stderr, /need Chromium at \/nonexistent\/chromium/);
});
