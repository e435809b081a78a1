import { profileSlug, type CsvMapping, type CsvMappingField } from '@leadpulse/common';
import type { PersonInput, RowOutcome } from './linkedin-rows.js';

/** Header names each field is recognised by (lower-case, spaces and punctuation dropped). */
const GUESSES: Record<CsvMappingField, string[]> = {
  first_name: ['firstname', 'first', 'givenname', 'prenom', 'vorname'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'nom', 'nachname'],
  name: ['name', 'fullname', 'contact', 'contactname', 'person'],
  profile_url: [
    'linkedinurl',
    'profileurl',
    'url',
    'linkedin',
    'linkedinprofile',
    'profile',
    'publicprofileurl',
  ],
  company: ['company', 'companyname', 'organization', 'organisation', 'employer', 'account'],
  position: ['title', 'position', 'jobtitle', 'role', 'headline'],
  email: ['email', 'emailaddress', 'mail', 'workemail'],
  location: ['location', 'city', 'country', 'region', 'geo'],
};

const squash = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The mapping a CSV's header suggests: each field to the first column that names it. */
export function guessMapping(header: string[]): CsvMapping {
  const mapping: CsvMapping = {};
  const taken = new Set<string>();
  for (const [field, names] of Object.entries(GUESSES) as [CsvMappingField, string[]][]) {
    const column = header.find((cell) => !taken.has(cell) && names.includes(squash(cell)));
    if (column !== undefined) {
      mapping[field] = column;
      taken.add(column);
    }
  }
  return mapping;
}

/** A mapping's header names as the CSV reader keys cells (trimmed, lower-case). */
export function normaliseMapping(mapping: CsvMapping): CsvMapping {
  return Object.fromEntries(
    Object.entries(mapping)
      .filter(([, column]) => typeof column === 'string' && column.trim())
      .map(([field, column]) => [field, column!.trim().toLowerCase()]),
  );
}

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
