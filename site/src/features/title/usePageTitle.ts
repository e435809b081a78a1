import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { APP_NAME } from '../../config';

/** The landing page's title, as index.html has it before the app starts. */
export const HOME_TITLE = `${APP_NAME} – Turn Likes Into Leads`;

/** A route's name for the tab, from its `handle: { title }`. */
export interface TitleHandle {
  title?: string;
}

/** Names the tab after the deepest route that has a title ("Settings · LeadPulse"). */
export function usePageTitle(): void {
  const matches = useMatches();
  const name = matches
    .map((match) => (match.handle as TitleHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = name ? `${name} · ${APP_NAME}` : HOME_TITLE;
  }, [name]);
}
