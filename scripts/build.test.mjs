// The build scripts: production front ends whatever the caller's NODE_ENV, a backend bundle without
// the Stripe sandbox, and the stamps that let `npm start` skip what `npm run build` already built.
// Run with `node --test`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { WORKSPACES, buildWorkspaces, isStale, root } from './build-stale.mjs';

const temporary = [];
after(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

/** Every JavaScript file of a Vite build, concatenated. */
function bundle(outDir) {
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
}

describe('a front-end build under NODE_ENV=development', () => {
  for (const frontEnd of ['site', 'admin']) {
    it(`gives the ${frontEnd} React's production build`, () => {
      const outDir = tempDir(`leadpulse-${frontEnd}-build-`);
      const result = spawnSync(
        'npm',
        ['run', 'build', '--silent', '-w', frontEnd, '--', '--outDir', outDir, '--emptyOutDir'],
        { cwd: root, env: { ...process.env, NODE_ENV: 'development' }, encoding: 'utf8' },
      );
      assert.equal(result.status, 0, result.stderr);

      const code = bundle(outDir);
      assert.ok(code.includes('Minified React error'), 'React production build');
      assert.ok(!code.includes('jsxDEV'), 'no development JSX runtime');
      assert.ok(!code.includes('Each child in a list should have a unique'), 'no dev warnings');
    });
  }
});

/**
 * What the sandbox's code would leave in a bundle: each class of its sources (`class X` or, as
 * esbuild writes it, `X = class`) and its fixed ids.
 */
function sandboxMarkers() {
  const markers = [/clock_sandbox/, /bpc_sandbox_default/];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
        for (const [, name] of readFileSync(path, 'utf8').matchAll(/^export class (\w+)/gm))
          markers.push(new RegExp(`\\bclass ${name}\\b|\\b${name} = class\\b`));
    }
  };
  walk(join(root, 'stripe-sandbox/src'));
  return markers;
}

describe("the backend's production bundle", () => {
  it('holds none of the Stripe sandbox, only the one import that loads it without Stripe keys', () => {
    buildWorkspaces({ only: ['common', 'stripe-sandbox', 'backend'] });
    const code = readFileSync(join(root, 'backend/dist/bundle/main.js'), 'utf8');

    const markers = sandboxMarkers();
    assert.ok(markers.some((marker) => marker.test('var StripeSandbox = class {')));
    assert.ok(markers.length > 10, `${markers.length} markers`);
    assert.deepEqual(markers.filter((marker) => marker.test(code)).map(String), []);
    assert.equal(code.match(/import\("@leadpulse\/stripe-sandbox"\)/g)?.length, 1);
  });
});

/** A repository with every workspace's inputs, saved an hour ago and never built. */
function fakeRepository() {
  const base = tempDir('leadpulse-stamps-');
  mkdirSync(join(base, 'node_modules'));
  const inputs = WORKSPACES.flatMap((workspace) => workspace.inputs);
  for (const { name } of WORKSPACES) mkdirSync(join(base, name, 'dist'), { recursive: true });
  for (const input of inputs) {
    const file = join(base, input, input.includes('.') ? '' : 'index.ts');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, 'source');
  }
  const anHourAgo = new Date(Date.now() - 3_600_000);
  for (const input of inputs) {
    const path = join(base, input);
    if (!input.includes('.')) utimesSync(join(path, 'index.ts'), anHourAgo, anHourAgo);
    utimesSync(path, anHourAgo, anHourAgo);
  }
  return base;
}

const succeed = () => ({ status: 0 });

/** Lets the file system's clock, which ticks coarser than Date's, move past the last stamp. */
function tick() {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
}

describe('build stamps', () => {
  it('`npm run build` is the script that builds every workspace and stamps it', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    assert.equal(scripts.build, 'node scripts/build.mjs');
    assert.match(readFileSync(join(root, 'scripts/build.mjs'), 'utf8'), /all: true/);
  });

  it('after a full build, the start script finds nothing to rebuild', () => {
    const base = fakeRepository();
    assert.ok(WORKSPACES.every((workspace) => isStale(workspace, base)));

    buildWorkspaces({ all: true, run: succeed, base });

    assert.deepEqual(
      WORKSPACES.filter((workspace) => isStale(workspace, base)),
      [],
    );
    const rebuilt = [];
    buildWorkspaces({ run: ({ name }) => (rebuilt.push(name), { status: 0 }), base });
    assert.deepEqual(rebuilt, []);
  });

  it('a changed source makes its workspace and those that read it stale', () => {
    const base = fakeRepository();
    buildWorkspaces({ all: true, run: succeed, base });

    tick();
    writeFileSync(join(base, 'common/src/index.ts'), 'changed');

    assert.deepEqual(
      WORKSPACES.filter((workspace) => isStale(workspace, base)).map(({ name }) => name),
      ['common', 'backend', 'site', 'admin'],
    );
  });

  it('a source saved while its build runs is still newer than the build', () => {
    const base = fakeRepository();
    const editDuringBuild = ({ name }) => {
      if (name !== 'site') return { status: 0 };
      tick();
      writeFileSync(join(base, 'site/index.html'), 'edited');
      return { status: 0 };
    };
    buildWorkspaces({ all: true, run: editDuringBuild, base });

    assert.deepEqual(
      WORKSPACES.filter((workspace) => isStale(workspace, base)).map(({ name }) => name),
      ['site'],
    );
  });

  it('a stamp left by an older build script does not count', () => {
    const base = fakeRepository();
    buildWorkspaces({ all: true, run: succeed, base });
    writeFileSync(join(base, 'admin/dist/.build-stamp'), new Date().toISOString());

    assert.equal(isStale({ name: 'admin', inputs: [] }, base), true);
    assert.equal(isStale({ name: 'site', inputs: [] }, base), false);
  });
});
