// The backend's build after tsc: the server (dist/main.js) and the embedded database's thread
// bundled with their packages into one file each under dist/bundle/, so that a start reads two
// files instead of resolving and loading some two thousand modules. dist/bundle/ sits as deep as
// dist/config/ and dist/web/, so the paths the code resolves from its own location still hold.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

/**
 * Packages left to Node because they find files beside themselves: PGlite's WebAssembly and
 * data, swagger-ui's assets, pino's transport threads, argon2's binary.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite-socket',
  'argon2',
  'pino',
  'pino-pretty',
  'thread-stream',
  'swagger-ui-dist',
];

/**
 * The local Stripe sandbox (stripe-sandbox/), for development and tests only: left out of the
 * bundle, so the one dynamic import of it (src/stripe/local-sandbox.ts) stays an import that only
 * a start without Stripe keys, never production, follows.
 */
const LEFT_OUT = ['@leadpulse/stripe-sandbox'];

/**
 * Optional packages that are not installed (Nest's Express adapter, microservices, multipart…)
 * stay imports: their users ask for them only when present and carry on without them.
 */
const optionalPackages = {
  name: 'optional-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path, resolveDir }) => {
      if (path.startsWith('node:')) return undefined;
      try {
        createRequire(`${resolveDir}/`).resolve(path);
        return undefined;
      } catch {
        return { path, external: true };
      }
    });
  },
};

/**
 * `keepNames` wraps every named function in `__name(fn, 'name')`, those that closures create on
 * each request too (Fastify's hook runner creates one per list of hooks it runs): redefining a
 * property of each cost a few percent of the simplest routes. The helper keeps the names as
 * before, but leaves alone a function whose name is already the one to keep.
 */
const NAME_HELPER =
  'var __name = (target, value) => __defProp(target, "name", { value, configurable: true });';
const NAME_HELPER_WHEN_RENAMED =
  'var __name = (target, value) => target.name === value ? target : __defProp(target, "name", { value, configurable: true });';

const { metafile } = await build({
  metafile: true,
  entryPoints: {
    main: 'dist/main.js',
    'embedded-database-worker': 'dist/database/embedded-database-worker.js',
  },
  outdir: 'dist/bundle',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: [...EXTERNAL, ...LEFT_OUT],
  plugins: [optionalPackages],
  // Class names stay as written: Nest and TypeORM read them (tokens, entity names, logs).
  keepNames: true,
  logLevel: 'warning',
  // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
});

/**
 * `__name(next, "next");` after `function next…` or `class next…` names a declaration with the
 * name it already has (esbuild writes the new name in the call when it renames one): inside a
 * function it ran on every call, for Fastify's hook runner on every request. Such calls go.
 */
const SAME_NAME = /^[ \t]*__name\(([\w$]+), "\1"\);\n/gm;

for (const output of Object.keys(metafile.outputs).filter((path) => path.endsWith('.js'))) {
  const code = readFileSync(output, 'utf8');
  if (!code.includes(NAME_HELPER)) throw new Error(`${output}: esbuild's __name helper changed`);
  writeFileSync(output, code.replace(NAME_HELPER, NAME_HELPER_WHEN_RENAMED).replace(SAME_NAME, ''));
}
