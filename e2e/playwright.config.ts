import { defineConfig, devices } from '@playwright/test';

/**
 * Chromium's features turned off. First those Playwright 1.65 turns off: it passes them in one
 * `--disable-features`, and Chromium reads only the last one given, so they are repeated here.
 * Then the address bar's pop-ups, which Chromium builds as web pages for every window (one per
 * journey) though no journey opens them: 8 % of the site journeys' CPU here. @playwright/test is
 * pinned, so the list changes only with a deliberate upgrade; check it against Playwright's then.
 */
const disabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    `--disable-features=${disabledFeatures.join(',')}`,
  ],
};

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  outputDir: './.artifacts/test-results',
  reporter: [['list'], ['html', { open: 'never', outputFolder: './.artifacts/report' }]],
  // On a PostgreSQL server the shared product takes two journeys at once (E2E_WORKERS to change
  // it); the embedded database serves one connection at a time, so there they go one by one.
  workers: process.env.DATABASE_URL ? Number(process.env.E2E_WORKERS ?? 2) : 1,
  // A guard against a hang, not a measure of speed (the bench measures that): the longest journeys
  // (sign-up to sign-in again, a founding purchase) take over a minute on a loaded 2-core machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testIgnore: /resilience/,
    },
    {
      name: 'mobile',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 375, height: 812 },
        launchOptions: chromium,
      },
      // The back office is a desktop tool: on a phone only its way in and its accessibility.
      testIgnore: [/resilience/, /admin\/(?!access\.spec|accessibility\.spec)/],
    },
    { name: 'resilience', testMatch: /resilience\/.*\.spec\.ts/ },
  ],
});
