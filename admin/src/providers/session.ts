import { createBrowserSessionClient } from '@leadpulse/common';

/** The same session as the site's (same origin, same key): the Admin Panel link opens signed in. */
export const sessionClient = createBrowserSessionClient();
