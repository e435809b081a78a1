import { createBrowserSessionClient } from '@leadpulse/common';

/** The one session client of this tab, shared with the admin app (same origin, same key). */
export const sessionClient = createBrowserSessionClient();
