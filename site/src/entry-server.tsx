import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { App } from './App';
import { STYLES_MARK, createStyleCache } from './theme/style-cache';

/**
 * The landing page's HTML and styles, rendered at build time (vite.config.ts puts them in
 * index.html) so that the page paints before any script runs; main.tsx then hydrates it.
 * Sections that load on demand are awaited, so the HTML holds the whole page.
 */
export async function renderLanding(): Promise<{ html: string; styles: string }> {
  const cache = createStyleCache();
  // Collects the styles in the cache instead of writing a <style> beside each element.
  cache.compat = true;
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <StrictMode>
        <App landing />
      </StrictMode>
    </CacheProvider>,
    {
      // Every section inline: React would move large ones to the end with a script to put them
      // back, which the site's Content-Security-Policy (no inline script) does not run.
      progressiveChunkSize: Infinity,
      onError: (error) => void errors.push(error),
    },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  if (errors.length > 0) throw errors[0];
  return { html, styles: styleTags(cache) };
}

/**
 * The style elements Emotion looks for when the page starts, after STYLES_MARK: each global style
 * (CssBaseline's) in its own element named `mui-global <name>`, then every class in one
 * `mui <names…>` element. The globals go in reverse order, so that the first to hydrate (the
 * app's CssBaseline) is already where Emotion puts it, just before the classes.
 */
function styleTags(cache: EmotionCache): string {
  const globals: string[] = [];
  const names: string[] = [];
  let classes = '';
  for (const [name, css] of Object.entries(cache.inserted)) {
    if (typeof css !== 'string') continue;
    if (cache.registered[`${cache.key}-${name}`] === undefined)
      globals.unshift(`<style data-emotion="${cache.key}-global ${name}">${css}</style>`);
    else {
      names.push(name);
      classes += css;
    }
  }
  const classTag = `<style data-emotion="${cache.key} ${names.join(' ')}">${classes}</style>`;
  return `${STYLES_MARK}${globals.join('')}${classTag}`;
}
