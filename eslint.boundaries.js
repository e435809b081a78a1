import boundaries from 'eslint-plugin-boundaries';
import { defaultConditionNames } from 'eslint-import-resolver-typescript';

/**
 * The parts of the product and what must never import what, written once (`npm run lint`
 * enforces it; scripts/boundaries.test.mjs checks that a forbidden import fails).
 *
 * - sandbox: the local Stripe stand-in, for development and tests only: the workspace
 *   stripe-sandbox/ (`@leadpulse/stripe-sandbox`), which stands alone; the product loads it in
 *   one place only (SANDBOX_LOADER), by a dynamic import its production bundle leaves out.
 * - dev: tools that fill a development database (the seed, the revenue backfill), which reach
 *   Stripe through the SDK only.
 * - platform: what every feature stands on (configuration, database, jobs, shared helpers,
 *   logging, the API document, limits, metrics): it never imports a feature.
 * - composition: the roots that put the parts together (the app module, the HTTP server, the
 *   entity list).
 * - feature: everything else in the backend (accounts, money, leads, the back office).
 * - site, admin: the two front ends; common: what they share with the backend.
 */
const ELEMENTS = [
  { type: 'sandbox', pattern: 'stripe-sandbox/**', mode: 'full' },
  { type: 'dev', pattern: 'backend/src/dev/**', mode: 'full' },
  {
    type: 'composition',
    pattern: [
      'backend/src/main.ts',
      'backend/src/app.ts',
      'backend/src/app.module.ts',
      'backend/src/database/entities.ts',
      'backend/src/web/*.ts',
    ],
    mode: 'full',
  },
  {
    type: 'platform',
    pattern: ['backend/src/{config,database,jobs,common,logging,api-docs,rate-limit,metrics}/**'],
    mode: 'full',
  },
  { type: 'feature', pattern: 'backend/src/**', mode: 'full' },
  { type: 'backend-test', pattern: 'backend/test/**', mode: 'full' },
  { type: 'site', pattern: 'site/**', mode: 'full' },
  { type: 'admin', pattern: 'admin/**', mode: 'full' },
  { type: 'common', pattern: 'common/**', mode: 'full' },
];

/** The one place the product loads the sandbox: without Stripe keys, never in production. */
const SANDBOX_LOADER = 'backend/src/stripe/local-sandbox.ts';

const element = (...types) => ({ element: { types: { anyOf: types } } });

export default [
  {
    files: ['{backend,stripe-sandbox,site,admin,common}/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/elements-single-match': true,
      // Every part is matched on the file's whole path ('full' mode), files and folders alike.
      'boundaries/legacy-warnings': false,
      'import/resolver': {
        typescript: {
          noWarnOnMultipleProjects: true,
          // The sandbox's package resolves to its sources (stripe-sandbox/package.json), built or
          // not: lint runs before the first build.
          conditionNames: ['leadpulse-source', ...defaultConditionNames],
          project: [
            'common/tsconfig.json',
            'backend/tsconfig.json',
            'backend/tsconfig.test.json',
            'stripe-sandbox/tsconfig.json',
            'stripe-sandbox/tsconfig.test.json',
            'site/tsconfig.json',
            'admin/tsconfig.json',
          ],
        },
      },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            // The product never imports the sandbox (but for its one loader), by path or by name.
            {
              from: element('feature', 'platform', 'composition', 'dev'),
              disallow: { to: element('sandbox') },
            },
            // The sandbox stands alone: it knows Stripe's API, not the product.
            {
              from: element('sandbox'),
              disallow: {
                to: element(
                  'feature',
                  'platform',
                  'composition',
                  'dev',
                  'backend-test',
                  'site',
                  'admin',
                  'common',
                ),
              },
            },
            // The platform never imports a feature, a dev tool or what composes them.
            {
              from: element('platform'),
              disallow: { to: element('feature', 'dev', 'composition', 'sandbox') },
            },
            // The member side never imports back-office code, nor the back office the site's.
            { from: element('site'), disallow: { to: element('admin') } },
            { from: element('admin'), disallow: { to: element('site') } },
            // The front ends import only common/ from the backend's world.
            {
              from: element('site', 'admin'),
              disallow: {
                to: element('feature', 'platform', 'composition', 'dev', 'sandbox', 'backend-test'),
              },
            },
            // common/ stands alone.
            {
              from: element('common'),
              disallow: {
                to: element(
                  'feature',
                  'platform',
                  'composition',
                  'dev',
                  'sandbox',
                  'site',
                  'admin',
                ),
              },
            },
          ],
        },
      ],
    },
  },
  {
    // The database's DataSource takes the entity list, which names every feature's entities.
    files: ['backend/src/database/data-source.ts'],
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            { from: element('platform'), disallow: { to: element('feature', 'dev', 'sandbox') } },
          ],
        },
      ],
    },
  },
  {
    files: [SANDBOX_LOADER],
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            { from: element('platform'), disallow: { to: element('feature', 'dev', 'sandbox') } },
          ],
        },
      ],
    },
  },
];
