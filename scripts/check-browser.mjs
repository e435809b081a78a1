// First step of `npm test`: the browser journeys need Chromium, and finding out after twenty
// minutes of other suites helps nobody. Installs it where this machine can (root with apt, as
// .ci/run does), else stops at once with the command that fixes it.
import { accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function canInstallWithApt() {
  return process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0;
}

function installWithApt() {
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) return false;
  }
  return true;
}

/**
 * Undefined when Chromium is at `path` (after installing it if `install` may and can), else the
 * message that says how to get it.
 */
export function ensureBrowser({
  path = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM,
  // apt puts Chromium at the default path only: a CHROMIUM_PATH elsewhere is the caller's to fix.
  install = path === DEFAULT_CHROMIUM && canInstallWithApt() ? installWithApt : undefined,
} = {}) {
  if (isExecutable(path)) return undefined;
  if (install) {
    console.log(`Chromium is not at ${path}: installing it with apt-get for the browser journeys.`);
    if (install() && isExecutable(path)) return undefined;
  }
  return [
    `The browser journeys of npm test need Chromium at ${path}, and it is not there.`,
    'Install it with:  sudo apt-get install -y chromium',
    '(or set CHROMIUM_PATH to a Chromium or Chrome binary), then run npm test again.',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problem = ensureBrowser();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
