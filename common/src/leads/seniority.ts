/**
 * Seniority read from a job title by a dictionary, and the text matching the ICP uses: whole
 * words, case- and accent-insensitive.
 */

export const SENIORITIES = [
  'founder',
  'c-level',
  'vp',
  'head',
  'director',
  'manager',
  'senior',
  'other',
] as const;
export type Seniority = (typeof SENIORITIES)[number];

export const SENIORITY_LABELS: Record<Seniority, string> = {
  founder: 'Founder/owner',
  'c-level': 'C-level',
  vp: 'VP',
  head: 'Head',
  director: 'Director',
  manager: 'Manager',
  senior: 'Senior',
  other: 'Other',
};

/**
 * Lower-case, without accents, every run of anything but letters and digits made one space and
 * the ends trimmed: `"Co-Fondatrice & Directrice Générale"` → `"co fondatrice directrice generale"`.
 */
export function normalizeWords(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether `phrase` occurs in `text` as whole words (both already normalized). */
export function hasWords(normalizedText: string, normalizedPhrase: string): boolean {
  if (!normalizedPhrase || !normalizedText) return false;
  return ` ${normalizedText} `.includes(` ${normalizedPhrase} `);
}

/** Whether `value` occurs in `text` as whole words, case- and accent-insensitive. */
export function matchesWords(text: string | null | undefined, value: string): boolean {
  return hasWords(normalizeWords(text), normalizeWords(value));
}

/**
 * The dictionary, most senior first: a title takes the first level any of whose words it holds.
 * English first, with the common French, German and Spanish titles.
 */
const DICTIONARY: [Seniority, string[]][] = [
  [
    'founder',
    [
      'founder',
      'co founder',
      'cofounder',
      'founding partner',
      'owner',
      'co owner',
      'proprietor',
      'fondateur',
      'fondatrice',
      'co fondateur',
      'co fondatrice',
      'gründer',
      'grunder',
      'inhaber',
      'inhaberin',
      'fundador',
      'fundadora',
    ],
  ],
  [
    'c-level',
    [
      'ceo',
      'cto',
      'cfo',
      'coo',
      'cmo',
      'cio',
      'cro',
      'cpo',
      'cso',
      'cdo',
      'chro',
      'chief',
      'president',
      'managing partner',
      'general partner',
      'geschaftsfuhrer',
      'geschaftsfuhrerin',
      'directeur general',
      'directrice generale',
      'pdg',
    ],
  ],
  ['vp', ['vp', 'svp', 'evp', 'avp', 'vice president', 'vicepresident']],
  ['head', ['head', 'heads']],
  [
    'director',
    ['director', 'directeur', 'directrice', 'directora', 'direktor', 'direktorin', 'leiter'],
  ],
  [
    'manager',
    ['manager', 'managers', 'team lead', 'team leader', 'gerente', 'responsable', 'supervisor'],
  ],
  ['senior', ['senior', 'sr', 'principal', 'staff', 'lead', 'expert']],
];

/** "Vice president" holds "president": the vice presidencies are read before the C-level words. */
const VICE = / ?\b(vice president|vicepresident|svp|evp|avp|vp)\b ?/g;

/** The seniority of a job title (`"VP of Sales"` → `vp`); `other` when none of the words is in it. */
export function seniorityOf(title: string | null | undefined): Seniority {
  const words = normalizeWords(title);
  if (!words) return 'other';
  const withoutVice = ` ${words} `.replace(VICE, ' ').trim();
  for (const [level, phrases] of DICTIONARY) {
    const text = level === 'c-level' ? withoutVice : words;
    if (phrases.some((phrase) => hasWords(text, phrase))) return level;
  }
  return 'other';
}
