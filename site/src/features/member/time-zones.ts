import { DEFAULT_TIME_ZONE } from '@leadpulse/common';

/** The browser's own IANA time zone ("Europe/Paris"), or UTC when it does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

let zones: string[] | undefined;

/** Every IANA time zone the browser knows, UTC first; `extra` (a saved or detected one) included. */
export function timeZoneChoices(...extra: (string | null | undefined)[]): string[] {
  zones ??= [
    DEFAULT_TIME_ZONE,
    ...(typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone').filter((zone) => zone !== DEFAULT_TIME_ZONE)
      : []),
  ];
  const missing = extra.filter((zone): zone is string => !!zone && !zones!.includes(zone));
  return missing.length ? [...zones, ...new Set(missing)].sort(byName) : zones;
}

const byName = (a: string, b: string) =>
  a === DEFAULT_TIME_ZONE ? -1 : b === DEFAULT_TIME_ZONE ? 1 : a.localeCompare(b);

/** "America/New_York" as people read it: "America / New York". */
export function timeZoneLabel(zone: string): string {
  return zone.replace(/_/g, ' ').replace(/\//g, ' / ');
}
