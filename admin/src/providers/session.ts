import { SessionClient, sessionStorageKey } from '@leadpulse/common';

/** The same session as the site's (same origin, same key): the Admin Panel link opens signed in. */
export const sessionClient = new SessionClient({
  storage: window.localStorage,
  storageKey: sessionStorageKey(window.location.host),
  refresh: async (refreshToken) => {
    const response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    return { status: response.status, body: await response.json().catch(() => undefined) };
  },
  withLock: (name, task) => (navigator.locks ? navigator.locks.request(name, task) : task()),
  setInterval: (callback, ms) => window.setInterval(callback, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
});

window.addEventListener('storage', (event) => sessionClient.handleStorageChange(event.key));
