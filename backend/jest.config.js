/**
 * Three projects: unit tests next to the code, integration tests against a real PostgreSQL, and
 * the resilience suite (authorization matrix, bad input, crashes, outages, provider faults, two
 * instances).
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2023',
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const shared = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@leadpulse/common$': '<rootDir>/../common/src/index.ts',
    '^@leadpulse/common/analytics$': '<rootDir>/../common/src/api/analytics.ts',
    '^@leadpulse/stripe-sandbox$': '<rootDir>/../stripe-sandbox/src/index.ts',
    '^@leadpulse/stripe-sandbox/fidelity$': '<rootDir>/../stripe-sandbox/src/fidelity.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
};

/**
 * On a PostgreSQL server (DATABASE_URL) the integration suite runs in parallel workers, each on a
 * database of its own (TEST_WORKERS, 2 by default: one per core); the embedded
 * database is one process, so without DATABASE_URL the run stays in band.
 */
const workers = process.env.DATABASE_URL ? Number(process.env.TEST_WORKERS ?? 2) : 1;

export default {
  maxWorkers: workers,
  // Each test file leaves its module registry behind: a worker past this is replaced between files.
  workerIdleMemoryLimit: '1536MB',
  // Hooks start whole apps: on a loaded machine that has outlasted 30 s without anything being
  // wrong. A guard against a hang, not a measure of speed.
  testTimeout: 120_000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/worker-database.mjs'],
      globalSetup: '<rootDir>/test/global-setup.mjs',
      globalTeardown: '<rootDir>/test/global-teardown.mjs',
    },
    {
      ...shared,
      displayName: 'resilience',
      testMatch: ['<rootDir>/test/resilience/**/*.res-spec.ts'],
      globalSetup: '<rootDir>/test/global-setup.mjs',
      globalTeardown: '<rootDir>/test/global-teardown.mjs',
    },
  ],
};
