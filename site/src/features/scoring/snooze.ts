/** The snoozes Today offers: a day, a week, or a date the member picks. */
export type SnoozeChoice = '1d' | '1w' | { date: string };

const DAY = 24 * 60 * 60 * 1000;

/**
 * When a snoozed lead comes back, as the ISO instant PATCH `snoozed_until` takes: a day or a week
 * from now, or the start of the chosen day in the member's time zone. Null for a date that is not
 * a real day in the future.
 */
export function snoozeUntil(choice: SnoozeChoice, now: Date = new Date()): string | null {
  if (choice === '1d') return new Date(now.getTime() + DAY).toISOString();
  if (choice === '1w') return new Date(now.getTime() + 7 * DAY).toISOString();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(choice.date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(year, month, day);
  if (date.getFullYear() !== year || date.getMonth() !== month || date.getDate() !== day)
    return null;
  return date.getTime() > now.getTime() ? date.toISOString() : null;
}

/** The date input's value for tomorrow, its earliest choice. */
export function tomorrowInput(now: Date = new Date()): string {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
