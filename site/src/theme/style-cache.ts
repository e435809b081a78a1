import createCache from '@emotion/cache';

/** The element after which the build puts the landing page's styles in index.html. */
export const STYLES_MARK = '<meta name="emotion-insertion-point" content="" />';

/**
 * Emotion's cache of the site's styles (classes named `mui-…`). On the landing page it takes the
 * styles the build wrote after STYLES_MARK and adds new ones after them, leaving them where they
 * are: Emotion's default cache would move them to the end of the head, which has the browser
 * parse them again while the page starts.
 */
export function createStyleCache() {
  const insertionPoint =
    typeof document === 'undefined'
      ? undefined
      : (document.querySelector<HTMLElement>('meta[name="emotion-insertion-point"]') ?? undefined);
  return createCache({ key: 'mui', insertionPoint });
}
