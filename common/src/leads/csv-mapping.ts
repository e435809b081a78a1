import { CSV_MAPPING_FIELDS, type CsvMapping, type CsvMappingField } from '../api/leads.js';

/** Header names each field is known by, squashed (lower-case, no accents, spaces or punctuation). */
const KNOWN_HEADERS: Record<CsvMappingField, string[]> = {
  first_name: ['firstname', 'first', 'givenname', 'forename', 'prenom', 'vorname'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'nom', 'nachname'],
  name: ['name', 'fullname', 'contact', 'contactname', 'person', 'displayname'],
  profile_url: [
    'linkedinurl',
    'profileurl',
    'url',
    'linkedin',
    'linkedinprofile',
    'linkedinprofileurl',
    'profile',
    'publicprofileurl',
    'profilelink',
    'linkedinlink',
  ],
  company: ['company', 'companyname', 'organization', 'organisation', 'employer', 'account'],
  position: ['title', 'position', 'jobtitle', 'role', 'headline', 'job'],
  email: ['email', 'emailaddress', 'mail', 'workemail', 'emailaddr'],
  location: ['location', 'city', 'country', 'region', 'geo', 'geolocation', 'address'],
};

const squash = (header: string) =>
  header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The mapping a CSV's header suggests: each field to the first column whose name is one the field
 * is known by; a column goes to one field at most, and a full name only when no first or last name
 * column was found. The import screen proposes it and the server applies it to a CSV sent
 * without one, so both read a header alike.
 */
export function guessMapping(header: readonly string[]): CsvMapping {
  const mapping: CsvMapping = {};
  const taken = new Set<number>();
  for (const field of CSV_MAPPING_FIELDS) {
    if (field === 'name' && (mapping.first_name || mapping.last_name)) continue;
    const index = header.findIndex(
      (cell, at) => !taken.has(at) && cell.trim() && KNOWN_HEADERS[field].includes(squash(cell)),
    );
    if (index >= 0) {
      mapping[field] = header[index];
      taken.add(index);
    }
  }
  return mapping;
}

/** A mapping's header names as a CSV reader keys cells (trimmed, lower-case); empty ones dropped. */
export function normaliseMapping(mapping: CsvMapping): CsvMapping {
  return Object.fromEntries(
    Object.entries(mapping)
      .filter(([, column]) => typeof column === 'string' && column.trim())
      .map(([field, column]) => [field, column!.trim().toLowerCase()]),
  );
}
