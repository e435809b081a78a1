import { SessionClient, createBrowserSessionClient } from '@leadpulse/common';

/**
 * The one session client of this tab, shared with the admin app (same origin, same key). The
 * build renders the landing page without a browser and runs no effect, so there it holds nothing.
 */
export const sessionClient = import.meta.env.SSR
  ? new SessionClient({
      storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
      storageKey: '',
      refresh: async () => ({ status: 503, body: undefined }),
      setInterval: () => undefined,
      clearInterval: () => undefined,
    })
  : createBrowserSessionClient();
