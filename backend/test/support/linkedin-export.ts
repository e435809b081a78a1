import { mkdtempSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeZip, type ZipFileEntry } from '../../src/leads/imports/zip-writer.js';

/** A folder of its own for a test's archives. */
export function scratchFolder(): string {
  return mkdtempSync(join(tmpdir(), 'leadpulse-export-'));
}

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

export interface CsvOptions {
  bom?: boolean;
  crlf?: boolean;
  /** Quote every field, as newer messages.csv files do. */
  quoteAll?: boolean;
  /** Lines before the header, as Connections.csv has them. */
  notes?: string[];
  /** Escape quotes as `\\"`, as Comments.csv does. */
  backslashEscapes?: boolean;
}

/** A CSV as LinkedIn writes it, with the quirks asked for. */
export function csv(header: string[], rows: string[][], options: CsvOptions = {}): string {
  const eol = options.crlf ? '\r\n' : '\n';
  const line = (cells: string[]) =>
    cells
      .map((cell) =>
        options.backslashEscapes
          ? `"${cell.replace(/"/g, '\\"')}"`
          : options.quoteAll
            ? `"${cell.replace(/"/g, '""')}"`
            : quote(cell),
      )
      .join(',');
  const body = [...(options.notes ?? []), line(header), ...rows.map(line)].join(eol) + eol;
  return (options.bom ? '\uFEFF' : '') + body;
}

export const CONNECTIONS_HEADER = [
  'First Name',
  'Last Name',
  'URL',
  'Email Address',
  'Company',
  'Position',
  'Connected On',
];
export const CONNECTIONS_NOTES = [
  'Notes:',
  '"When exporting your connection data, you may notice that some of the email addresses are missing. You will only see email addresses for connections who have allowed their connections to see or download their email address using this setting https://www.linkedin.com/psettings/privacy/email. You can learn more here https://www.linkedin.com/help/linkedin/answer/261"',
  '',
];
export const MESSAGES_HEADER = [
  'CONVERSATION ID',
  'CONVERSATION TITLE',
  'FROM',
  'SENDER PROFILE URL',
  'TO',
  'RECIPIENT PROFILE URLS',
  'DATE',
  'SUBJECT',
  'CONTENT',
  'FOLDER',
  'ATTACHMENTS',
  'IS MESSAGE DRAFT',
  'IS CONVERSATION DRAFT',
];
export const INVITATIONS_HEADER = [
  'From',
  'To',
  'Sent At',
  'Message',
  'Direction',
  'inviterProfileUrl',
  'inviteeProfileUrl',
];
export const ENDORSEMENTS_HEADER = [
  'Endorsement Date',
  'Skill Name',
  'Endorser First Name',
  'Endorser Last Name',
  'Endorser Public Url',
  'Endorsement Status',
];
export const RECOMMENDATIONS_HEADER = [
  'First Name',
  'Last Name',
  'Company',
  'Job Title',
  'Text',
  'Creation Date',
  'Status',
];
export const PROFILE_HEADER = [
  'First Name',
  'Last Name',
  'Maiden Name',
  'Address',
  'Birth Date',
  'Headline',
  'Summary',
  'Industry',
  'Zip Code',
  'Geo Location',
  'Twitter Handles',
  'Websites',
  'Instant Messengers',
];

export const SHARES_HEADER = [
  'Date',
  'ShareLink',
  'ShareCommentary',
  'SharedUrl',
  'MediaUrl',
  'Visibility',
];
export const COMMENTS_HEADER = ['Date', 'Link', 'Message'];
export const REACTIONS_HEADER = ['Date', 'Type', 'Link'];

export const profileUrl = (slug: string) =>
  `https://www.linkedin.com/in/${encodeURIComponent(slug)}`;

/** Writes an archive of the files to the folder; answers its path. */
export async function archive(
  folder: string,
  name: string,
  files: ZipFileEntry[],
): Promise<string> {
  const path = join(folder, name);
  await writeZip(path, files);
  return path;
}

/**
 * Rewrites the sizes every entry of a ZIP declares (central directory and local headers), as a
 * ZIP bomb does: larger than the limits, or smaller than what its data inflates to.
 */
export async function declareUncompressedSize(path: string, size: number): Promise<void> {
  const bytes = await readFile(path);
  for (let offset = 0; offset < bytes.length - 4; offset++) {
    const signature = bytes.readUInt32LE(offset);
    if (signature === 0x02014b50) bytes.writeUInt32LE(size, offset + 24);
    else if (signature === 0x04034b50) bytes.writeUInt32LE(size, offset + 22);
  }
  await writeFile(path, bytes);
}
