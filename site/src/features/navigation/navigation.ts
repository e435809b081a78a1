import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type MouseEvent,
} from 'react';

/**
 * Where the landing page and the dialogs are and how they move on. The landing page starts
 * without the router (it loads with the first visit to another page), so they read the address
 * and navigate through these rather than through the router's hooks.
 */
export interface SiteLocation {
  search: string;
  hash: string;
}

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

export const NavigateContext = createContext<Navigate | null>(null);
export const LocationContext = createContext<SiteLocation | null>(null);

export function useSiteNavigate(): Navigate {
  const navigate = useContext(NavigateContext);
  if (!navigate) throw new Error('useSiteNavigate must be used inside a NavigateContext');
  return navigate;
}

export function useSiteLocation(): SiteLocation {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useSiteLocation must be used inside a LocationContext');
  return location;
}

/**
 * A link's click, followed without loading a page, as a router link does; other clicks (a new
 * tab, a new window) are left to the browser.
 */
export function useLinkClick(to: string): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useSiteNavigate();
  return (event) => {
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified) return;
    event.preventDefault();
    navigate(to);
  };
}

const listeners = new Set<() => void>();

/** What the build-time render and the hydration see: the bare `/`, whatever the address adds. */
const BARE: SiteLocation = { search: '', hash: '' };

/**
 * The browser's address, for the landing page before the router has loaded. It starts bare and
 * follows the address in transitions: an urgent update would make React draw anew the sections
 * still waiting for their code, instead of hydrating the build's HTML of them.
 */
export function useWindowLocation(): SiteLocation {
  const [location, setLocation] = useState(BARE);
  useEffect(() => {
    const follow = () =>
      startTransition(() => {
        const { search, hash } = window.location;
        setLocation((shown) =>
          shown.search === search && shown.hash === hash ? shown : { search, hash },
        );
      });
    follow();
    listeners.add(follow);
    window.addEventListener('popstate', follow);
    return () => {
      listeners.delete(follow);
      window.removeEventListener('popstate', follow);
    };
  }, []);
  return location;
}

/**
 * Changes the address without loading a page, and tells the landing page, which the history API
 * does not.
 */
export function changeWindowLocation(to: string, replace = false): void {
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  listeners.forEach((listener) => listener());
}
