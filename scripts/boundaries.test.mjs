// The structure's rules (eslint.boundaries.js) refuse what they say they refuse: each forbidden
// import below fails `npm run lint`, and an allowed one passes.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** The boundaries rule's messages for `code` linted as if it were the file at `path`. */
async function boundaryErrors(path, code) {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result.messages.filter((message) => message.ruleId === 'boundaries/dependencies');
}

const forbidden = [
  ['the platform imports a feature', 'backend/src/config/probe.ts', '../leads/leads.module.js'],
  ['a feature imports the sandbox', 'backend/src/leads/probe.ts', '@leadpulse/stripe-sandbox'],
  [
    'a feature imports the sandbox by path',
    'backend/src/leads/probe.ts',
    '../../../stripe-sandbox/src/stripe-sandbox.js',
  ],
  ['the server imports the sandbox', 'backend/src/main.ts', '@leadpulse/stripe-sandbox/fidelity'],
  ['a dev tool imports the sandbox', 'backend/src/dev/probe.ts', '@leadpulse/stripe-sandbox'],
  [
    'the sandbox imports the product',
    'stripe-sandbox/src/probe.ts',
    '../../backend/src/config/app-config.js',
  ],
  ['the back office imports the sandbox', 'admin/src/probe.ts', '@leadpulse/stripe-sandbox'],
  ['the platform imports a dev tool', 'backend/src/jobs/probe.ts', '../dev/seed.js'],
  ['the site imports back-office code', 'site/src/probe.ts', '../../admin/src/api.js'],
  ['the site imports the backend', 'site/src/probe.ts', '../../backend/src/config/app-config.js'],
  [
    'the back office imports the backend',
    'admin/src/probe.ts',
    '../../backend/src/users/user.entity.js',
  ],
  ['common/ imports the backend', 'common/src/probe.ts', '../../backend/src/config/app-config.js'],
];

for (const [what, path, target] of forbidden)
  test(`lint refuses: ${what}`, async () => {
    const errors = await boundaryErrors(
      path,
      `import * as probe from '${target}';\nexport { probe };\n`,
    );
    assert.equal(errors.length, 1, `${path} importing ${target}`);
    assert.match(errors[0].message, /are not allowed in elements of type/);
  });

test('lint refuses a dynamic import of the sandbox outside its one loader', async () => {
  const code = `export const load = () => import('@leadpulse/stripe-sandbox');\n`;
  const errors = await boundaryErrors('backend/src/billing/probe.ts', code);
  assert.equal(errors.length, 1);
});

test('lint allows the one loader to import the sandbox', async () => {
  const code = `export const load = () => import('@leadpulse/stripe-sandbox');\n`;
  assert.deepEqual(await boundaryErrors('backend/src/stripe/local-sandbox.ts', code), []);
});

test('lint allows a feature to import the platform and common/', async () => {
  const code = `import * as config from '../config/app-config.js';\nimport * as common from '@leadpulse/common';\nexport { config, common };\n`;
  assert.deepEqual(await boundaryErrors('backend/src/leads/probe.ts', code), []);
});
