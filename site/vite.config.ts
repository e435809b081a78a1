import { availableParallelism } from 'node:os';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompressPlugin } from '../scripts/precompress.mjs';

const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

/**
 * The MUI parts the landing page loads, above and below the fold: one chunk instead of some twenty
 * of 1 to 4 KB, each of which would pay its own request, response headers and worse compression.
 */
const LANDING_UI =
  /[\\/]node_modules[\\/]@mui[\\/](material[\\/](Box|Paper|Toolbar|AppBar|Stack|Chip|IconButton|useMediaQuery|Container|Card|CardContent|List|ListItem|ListItemIcon|ListItemText|InputLabel|FormControl|FormLabel|Alert|OutlinedInput|InputBase|Link|Typography|Button|ButtonBase|SvgIcon|utils|styles|internal)[\\/]|icons-material[\\/](Check|CheckCircle)\.m?js)/;

/**
 * The site's own modules the landing page shares with the other pages: API client, texts, rules.
 * The analytics rules and the roadmap of common/ serve one page each, so they load with its chunk.
 */
const LANDING_SHARED =
  /^(?!.*[\\/]node_modules[\\/])(?!.*[\\/]common[\\/]src[\\/](api[\\/]analytics|roadmap)\.ts$).*[\\/](common[\\/]src[\\/]|site[\\/]src[\\/](api[\\/]client|features[\\/]auth[\\/]auth-api|features[\\/]newsletter[\\/]newsletter-api|components[\\/]EmailText)\.tsx?$)/;

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Renders the landing page into the built index.html (src/entry-server.tsx), so that it paints
 * before any script runs, and keeps the page without it as shell.html: the backend answers every
 * other page of the site with the shell, which shows nothing of the landing page.
 */
function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-landing',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const outDir = resolve(config.root, config.build.outDir);
        mkdirSync(config.cacheDir, { recursive: true });
        const serverDir = mkdtempSync(join(config.cacheDir, 'prerender-'));
        try {
          const output = (await build({
            configFile: config.configFile,
            mode: config.mode,
            logLevel: 'warn',
            build: {
              ssr: 'src/entry-server.tsx',
              outDir: serverDir,
              emptyOutDir: true,
              sourcemap: false,
              copyPublicDir: false,
            },
            // One self-contained file: Node then needs none of the packages' own module formats.
            ssr: { noExternal: true },
          })) as Rolldown.RolldownOutput;
          const entry = output.output.find((chunk) => chunk.type === 'chunk' && chunk.isEntry)!;
          const server = await import(pathToFileURL(join(serverDir, entry.fileName)).href);
          const { html, styles } = await server.renderLanding();

          const indexPath = join(outDir, 'index.html');
          const shell = readFileSync(indexPath, 'utf8');
          if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
          writeFileSync(join(outDir, 'shell.html'), shell);
          writeFileSync(
            indexPath,
            shell
              .replace('</head>', () => `  ${styles}\n  </head>`)
              .replace(ROOT_ELEMENT, () => `<div id="root">${html}</div>`),
          );
        } finally {
          rmSync(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
}

/**
 * A build is always the production bundle: Vite would otherwise follow a caller's NODE_ENV and, with
 * NODE_ENV=development, ship React's development build.
 */
export default defineConfig(({ command }) => {
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), prerenderLanding(), precompressPlugin()],
    define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
    resolve: {
      // Rules of one page each, by their own path: through the index they would join the shared chunk.
      alias: [
        {
          find: /^@leadpulse\/common\/analytics$/,
          replacement: fileURLToPath(new URL('../common/src/api/analytics.ts', import.meta.url)),
        },
        {
          find: /^@leadpulse\/common\/roadmap$/,
          replacement: fileURLToPath(new URL('../common/src/roadmap.ts', import.meta.url)),
        },
        {
          find: /^@leadpulse\/common$/,
          replacement: fileURLToPath(new URL('../common/src/index.ts', import.meta.url)),
        },
      ],
    },
    // Every browser the site supports preloads modules itself.
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'landing-ui',
                test: LANDING_UI,
              },
              { name: 'shared', test: LANDING_SHARED },
            ],
          },
        },
      },
    },
    server: { port: 5173, proxy: { '/api': backend, '/admin': backend } },
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./src/test-setup.ts'],
      // MUI renders in jsdom take seconds on a busy machine; a slow test is not a failing one.
      testTimeout: 20_000,
      // Every core: Vitest's default leaves one to its main process, which mostly waits.
      maxWorkers: availableParallelism(),
      include: ['src/**/*.test.{ts,tsx}'],
    },
  };
});
