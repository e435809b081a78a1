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
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
};

export default {
  // Hooks start whole apps and check the sandbox's traffic against Stripe's types when they close
  // (each test file loads the generated validators afresh): on a loaded machine that has
  // outlasted 30 s, and once 60 s, without anything being wrong.
  testTimeout: 120_000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
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
