import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** LEADS.md's limits of an archive. */
export const ARCHIVE_LIMITS = {
  bytes: 100 * 1024 * 1024,
  entries: 2_000,
  uncompressedBytes: 1024 * 1024 * 1024,
};

/** The archive is past a limit (413 `import_too_large`). */
export class ArchiveTooLarge extends Error {}
/** The file is not a ZIP we can read (400 `import_unreadable`). */
export class ArchiveUnreadable extends Error {}

export interface ArchiveEntry {
  name: string;
  uncompressedSize: number;
  entry: yauzl.Entry;
}

/** An open archive: its entries as its central directory declares them, nothing inflated yet. */
export interface OpenArchive {
  entries: ArchiveEntry[];
  /** Inflates one entry; yauzl fails the stream if it inflates to more than it declared. */
  open(entry: ArchiveEntry): Promise<Readable>;
  close(): void;
}

const openZip = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) =>
        error || !zip ? reject(new ArchiveUnreadable(error?.message ?? 'not a ZIP')) : resolve(zip),
    ),
  );

/**
 * Opens a ZIP and checks it against the limits before anything is inflated: its size, its
 * entry count (from the end record, before the directory is read) and the sizes its entries
 * declare. A bomb that declares small sizes fails while inflating, at the size it declared.
 */
export async function openArchive(path: string): Promise<OpenArchive> {
  if ((await stat(path)).size > ARCHIVE_LIMITS.bytes) throw new ArchiveTooLarge('archive size');
  const zip = await openZip(path);
  try {
    if (zip.entryCount > ARCHIVE_LIMITS.entries) throw new ArchiveTooLarge('entry count');
    const entries = await new Promise<ArchiveEntry[]>((resolve, reject) => {
      const found: ArchiveEntry[] = [];
      let total = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        if (total > ARCHIVE_LIMITS.uncompressedBytes)
          return reject(new ArchiveTooLarge('uncompressed size'));
        if (!entry.fileName.endsWith('/'))
          found.push({ name: entry.fileName, uncompressedSize: entry.uncompressedSize, entry });
        zip.readEntry();
      });
      zip.on('end', () => resolve(found));
      zip.on('error', (error: Error) => reject(new ArchiveUnreadable(error.message)));
      zip.readEntry();
    });
    return {
      entries,
      open: (item) =>
        new Promise<Readable>((resolve, reject) =>
          zip.openReadStream(item.entry, (error, stream) =>
            error || !stream
              ? reject(new ArchiveUnreadable(error?.message ?? 'entry'))
              : resolve(stream),
          ),
        ),
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** Whether the file starts as a ZIP does (`PK\x03\x04`, or an empty archive's `PK\x05\x06`). */
export function looksLikeZip(head: Buffer): boolean {
  return (
    head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5)
  );
}
