import type { CsvMapping, CsvMappingField } from '@leadpulse/common';

/** The lead fields a column can go to, as the mapping step names them. */
export const MAPPING_FIELD_LABELS: Record<CsvMappingField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  name: 'Full name',
  profile_url: 'LinkedIn profile URL',
  company: 'Company',
  position: 'Title',
  email: 'E-mail',
  location: 'Location',
};

/** The field a column goes to under a mapping, or '' when it is not imported. */
export function fieldOfColumn(mapping: CsvMapping, column: string): CsvMappingField | '' {
  const entry = Object.entries(mapping).find(([, header]) => header === column);
  return entry ? (entry[0] as CsvMappingField) : '';
}

/** The mapping with one column moved to `field` (or out, with ''); a field holds one column. */
export function assignColumn(
  mapping: CsvMapping,
  column: string,
  field: CsvMappingField | '',
): CsvMapping {
  const next: CsvMapping = {};
  for (const [key, header] of Object.entries(mapping) as [CsvMappingField, string][])
    if (header !== column && key !== field) next[key] = header;
  if (field) next[field] = column;
  return next;
}

/** Why a mapping cannot be imported yet, or null when it can. */
export function mappingProblem(mapping: CsvMapping): string | null {
  const identifies =
    mapping.first_name || mapping.last_name || mapping.name || mapping.profile_url || mapping.email;
  return identifies
    ? null
    : 'Choose the column with the name, the LinkedIn profile URL or the e-mail address.';
}

const LINKEDIN_FILES =
  /^(connections|messages|invitations|endorsement_received_info|recommendations_received|profile|comments|reactions|shares)(_\d+)?\.csv$/i;
const LINKEDIN_HEADERS = [
  'First Name,Last Name,URL,Email Address,Company,Position,Connected On',
  'First Name,Last Name,Email Address,Company,Position,Connected On',
  'CONVERSATION ID,CONVERSATION TITLE,FROM,SENDER PROFILE URL',
  'From,To,Sent At,Message,Direction',
];

/**
 * Whether a CSV is one of the LinkedIn export's own files, which the server reads by their known
 * layout (no mapping): by its name, or by a header LinkedIn writes.
 */
export function isLinkedInExportCsv(fileName: string, header: readonly string[]): boolean {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  if (LINKEDIN_FILES.test(base)) return true;
  const line = header.join(',');
  return (
    header[0]?.startsWith('Notes:') || LINKEDIN_HEADERS.some((known) => line.startsWith(known))
  );
}

/**
 * A name suggested by a profile's slug (`jane-doe-4b1a2c` → Jane, Doe): the member checks it;
 * nothing is fetched from LinkedIn. Null when the slug holds no name-like words.
 */
export function nameFromSlug(slug: string | null): { first: string; last: string } | null {
  if (!slug) return null;
  const words = slug.split(/[-_.]+/).filter((word) => /^\p{L}+$/u.test(word) && !/\d/.test(word));
  if (words.length === 0) return null;
  const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return { first: cap(words[0]), last: words.slice(1).map(cap).join(' ') };
}
