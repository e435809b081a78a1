/** Today in the browser's time zone, as a date input holds it. */
export const today = () => new Date().toLocaleDateString('en-CA');

/** The date input's day at the present time of day (or noon for an earlier day), as ISO. */
export function occurredAt(day: string, now = new Date()): string {
  const [year, month, date] = day.split('-').map(Number);
  const at = new Date(now);
  at.setFullYear(year, month - 1, date);
  if (day !== now.toLocaleDateString('en-CA')) at.setHours(12, 0, 0, 0);
  return at.toISOString();
}
