/**
 * The files of a LinkedIn export that the importer reads. Everything else in the archive
 * (e-mail addresses, phone numbers, logins, ad targeting, receipts, inferences, searches…) is
 * never opened.
 */
export const LINKEDIN_FILES = {
  profile: 'profile',
  connections: 'connections',
  messages: 'messages',
  invitations: 'invitations',
  endorsements: 'endorsement_received_info',
  recommendations: 'recommendations_received',
  shares: 'shares',
  comments: 'comments',
  reactions: 'reactions',
} as const;
export type LinkedInFile = keyof typeof LINKEDIN_FILES;

/** The order files are read in: the member's own profile first (it tells sent from received). */
export const READ_ORDER: LinkedInFile[] = [
  'profile',
  'connections',
  'invitations',
  'messages',
  'endorsements',
  'recommendations',
  'shares',
  'comments',
  'reactions',
];

/** The files of the member's own posts and activity, kept as `my_posts` rather than leads. */
export const MY_POST_FILES = new Set<LinkedInFile>(['shares', 'comments', 'reactions']);

const BY_STEM = new Map<string, LinkedInFile>(
  Object.entries(LINKEDIN_FILES).map(([kind, stem]) => [stem, kind as LinkedInFile]),
);

/**
 * Which file of the export an archive entry is: its name in any folder, any case, with or
 * without a member-id suffix (`Comments_997361.csv`); null for every other file.
 */
export function linkedInFileOf(entryName: string): LinkedInFile | null {
  const base = entryName.split(/[\\/]/).pop() ?? '';
  const match = /^(.+?)(?:_\d+)?\.csv$/i.exec(base);
  return match ? (BY_STEM.get(match[1].toLowerCase()) ?? null) : null;
}

/** The header each file must carry (lower-case), by which its header row is found. */
export const REQUIRED_COLUMNS: Record<LinkedInFile, string[]> = {
  profile: ['first name', 'last name', 'headline'],
  connections: ['first name', 'last name', 'connected on'],
  messages: ['from', 'to', 'date', 'content'],
  invitations: ['from', 'to', 'sent at', 'direction'],
  endorsements: ['endorsement date', 'skill name', 'endorser first name'],
  recommendations: ['first name', 'last name', 'text', 'creation date'],
  shares: ['date', 'sharelink', 'sharecommentary'],
  comments: ['date', 'link', 'message'],
  reactions: ['date', 'type', 'link'],
};

/** The LinkedIn file a lone CSV is, by its header row; null for any other CSV. */
export function linkedInFileOfHeader(header: string[]): LinkedInFile | null {
  const columns = new Set(header.map((cell) => cell.trim().toLowerCase()));
  for (const kind of READ_ORDER)
    if (REQUIRED_COLUMNS[kind].every((column) => columns.has(column))) return kind;
  return null;
}
