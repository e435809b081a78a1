import { profileSlug, type CsvMapping, type CsvMappingField } from '@leadpulse/common';
import type { PersonInput, RowOutcome } from './linkedin-rows.js';

/** One row of any CSV through its column mapping: the person, or why it was skipped. */
export function readMappedRow(cells: Record<string, string>, mapping: CsvMapping): RowOutcome {
  const cell = (field: CsvMappingField) => {
    const column = mapping[field];
    return column ? cells[column]?.trim() || '' : '';
  };
  let first = cell('first_name');
  let last = cell('last_name');
  if (!first && !last && cell('name')) {
    const words = cell('name').split(/\s+/);
    last = words.length > 1 ? words.pop()! : '';
    first = words.join(' ');
  }
  const email = cell('email').toLowerCase();
  const rawUrl = cell('profile_url');
  const slug = profileSlug(rawUrl);
  const person: PersonInput = {
    slug,
    email: /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? email : null,
    first_name: first,
    last_name: last,
    company: cell('company') || null,
    position: cell('position') || null,
    location: cell('location') || null,
  };
  if (!person.slug && !person.email && !first && !last)
    return { items: [], skipped: 'No name, profile URL or e-mail' };
  const problems = [
    rawUrl && !slug ? 'its profile URL, which is not a LinkedIn profile (/in/…)' : null,
    email && !person.email ? 'its e-mail address, which is not valid' : null,
  ].filter(Boolean);
  return {
    items: [{ person, currentDetails: true, signal: null }],
    ...(problems.length > 0
      ? { skipped: `Imported without ${problems.join(', and without ')}` }
      : {}),
  };
}
