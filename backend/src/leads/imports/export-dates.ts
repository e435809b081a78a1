const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

function utc(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date | null {
  const date = new Date(Date.UTC(year, month, day, hour, minute, second));
  // Refuses 31 Feb and its like rather than rolling it into March.
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
    ? date
    : null;
}

const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));
const hour24 = (hour: string, meridiem?: string) => {
  const value = Number(hour) % 12;
  if (!meridiem) return Number(hour);
  return meridiem.toUpperCase() === 'PM' ? value + 12 : value;
};

/**
 * A date as LinkedIn's export files write them, read in UTC: `08 Feb 2026` (Connected On),
 * `2026-02-08 14:37:00 UTC` (messages), `1/29/26, 2:37 PM` (Sent At), `2026/02/08 14:37:00 UTC`
 * and ISO dates elsewhere. Anything else answers null: a date that cannot be read is reported,
 * never guessed.
 */
export function parseExportDate(raw: string | null | undefined): Date | null {
  const text = raw?.trim();
  if (!text) return null;
  let match = /^(\d{1,2})[ -]([A-Za-z]{3})[a-z]*[ -](\d{4})$/.exec(text);
  if (match) {
    const month = MONTHS[match[2].toLowerCase()];
    return month === undefined ? null : utc(Number(match[3]), month, Number(match[1]));
  }
  match =
    /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)? ?(UTC|GMT|Z|[+-]\d{2}:?\d{2})?$/i.exec(
      text,
    );
  if (match) {
    const [, year, month, day, hour = '0', minute = '0', second = '0', zone] = match;
    const date = utc(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second),
    );
    if (!date || !zone || /^(UTC|GMT|Z)$/i.test(zone)) return date;
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.replace(/[^\d]/g, '');
    const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
    return new Date(date.getTime() - offset * 60_000);
  }
  match =
    /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:,? (\d{1,2}):(\d{2})(?::(\d{2}))? ?(AM|PM)?)?(?: ?(UTC|GMT))?$/i.exec(
      text,
    );
  if (match) {
    const [, month, day, year, hour = '0', minute = '0', second = '0', meridiem] = match;
    if (meridiem && (Number(hour) < 1 || Number(hour) > 12)) return null;
    return utc(
      fullYear(year),
      Number(month) - 1,
      Number(day),
      hour24(hour, meridiem),
      Number(minute),
      Number(second),
    );
  }
  return null;
}

/** The export's own date, from a name such as `Basic_LinkedInDataExport_02-08-2026.zip`. */
export function exportDateOfName(name: string): Date | null {
  const match = /(\d{2})-(\d{2})-(\d{4})/.exec(name);
  return match ? utc(Number(match[3]), Number(match[1]) - 1, Number(match[2])) : null;
}
