import boundaries from 'eslint-plugin-boundaries';

/**
 * The parts of the product and what must never import what, written once (`npm run lint`
 * enforces it; scripts/boundaries.test.mjs checks that a forbidden import fails).
 *
 * - sandbox: the local Stripe stand-in, for development and tests only.
 * - dev: tools that fill a development database (the seed, the revenue backfill).
 * - platform: what every feature stands on (configuration, database, jobs, shared helpers,
 *   logging, the API document, limits, metrics): it never imports a feature.
 * - composition: the roots that put the parts together (the app module, the HTTP server, the
 *   entity list).
 * - feature: everything else in the backend (accounts, money, leads, the back office).
 * - site, admin: the two front ends; common: what they share with the backend.
 */
const ELEMENTS = [
  { type: 'sandbox', pattern: 'backend/src/stripe-sandbox/**', mode: 'full' },
  {
    type: 'dev',
    pattern: ['backend/src/database/seed*.ts', 'backend/src/revenue/backfill-revenue.ts'],
    mode: 'full',
  },
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

/** The one place the product loads the sandbox, in development, until it is a package of its own. */
const SANDBOX_LOADERS = ['backend/src/stripe/local-sandbox.ts', 'backend/src/main.ts'];

const element = (...types) => ({ element: { types: { anyOf: types } } });

export default [
  {
    files: ['{backend,site,admin,common}/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/elements-single-match': true,
      // Every part is matched on the file's whole path ('full' mode), files and folders alike.
      'boundaries/legacy-warnings': false,
      'import/resolver': {
        typescript: {
          noWarnOnMultipleProjects: true,
          project: [
            'common/tsconfig.json',
            'backend/tsconfig.json',
            'backend/tsconfig.test.json',
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
            // The product never imports the sandbox (but for its one loader).
            {
              from: element('feature', 'platform', 'composition'),
              disallow: { to: element('sandbox') },
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
    files: SANDBOX_LOADERS,
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
