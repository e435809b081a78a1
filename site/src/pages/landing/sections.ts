import { createElement, lazy, useEffect, useState, type ComponentType } from 'react';
import { holdEventsUntilHydrated } from '../../features/hydration/held-events';

// The page's HTML has every section from the build. The first script hydrates the top bar (sign
// in, sign up); each section then hydrates as its own code arrives.

let hydrated: ((section: string) => void) | undefined;

/** A section whose code loads on its own; it says when it has hydrated. */
function section<P extends object>(name: string, load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const loading = () => load().then((Section) => (loaded = Section));
  const Lazy = lazy(() => loading().then((Section) => ({ default: Section })));
  function LandingSection(props: P) {
    // Drawn at once when its code is already here (a later visit to the page); kept for the
    // life of this instance, as changing it would draw the section anew.
    const [Section] = useState(() => loaded ?? Lazy);
    useEffect(() => hydrated?.(name), []);
    return createElement(Section, props);
  }
  return [LandingSection, loading] as const;
}

const [Hero, loadHero] = section('hero', () => import('./Hero').then((module) => module.Hero));
const [OfferAndWaitlist, loadOffer] = section('offer', () =>
  import('./BelowTheFold').then((module) => module.OfferAndWaitlist),
);
const [Footer, loadFooter] = section('footer', () =>
  import('./BelowTheFold').then((module) => module.Footer),
);

export { Footer, Hero, OfferAndWaitlist };

/** Loads every section's code at once. */
export async function loadLandingSections(): Promise<void> {
  await Promise.all([loadHero(), loadOffer(), loadFooter()]);
}

/**
 * As the app takes over the build's HTML of the landing page: requests every section's code at
 * once (React would ask for each only when its hydration reaches it, after the page has loaded),
 * and holds what the visitor does in a section until they have all hydrated. The requests go in
 * a task of their own: added to the one that runs the first script, they made it a long task.
 */
export function hydrateLandingSections(root: HTMLElement): void {
  setTimeout(() => void loadLandingSections());
  hydrated = holdEventsUntilHydrated(root, ['hero', 'offer', 'footer'], 'header');
}
