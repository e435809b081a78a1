import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import {
  guessMapping,
  normaliseMapping,
  profileSlug,
  type CsvMapping,
  type ImportFileCounts,
} from '@leadpulse/common';
import { readMappedRow } from './csv-mapping.js';
import { CsvUnreadable, readCsvRows } from './csv-records.js';
import {
  MY_POST_FILES,
  READ_ORDER,
  REQUIRED_COLUMNS,
  linkedInFileOf,
  linkedInFileOfHeader,
  type LinkedInFile,
} from './linkedin-files.js';
import { readLinkedInRow, type Owner, type RowItem, type RowOutcome } from './linkedin-rows.js';
import { readMyPostRow, type MyPostInput } from './my-post-rows.js';
import { ArchiveTooLarge, openArchive } from './zip-archive.js';

/** Rows written per transaction: a few set-based statements each. */
export const BATCH_SIZE = 1000;
export const SKIPPED_EXAMPLES = 20;

/** A row's item on its way to the database, with the file it came from. */
export interface BatchItem extends RowItem {
  file: string;
  line: number;
}

/** One of the member's own posts, comments or reactions, with the file it came from. */
export interface PostBatchItem extends MyPostInput {
  file: string;
}

/** What the database made of a batch, per file. */
export type BatchCounts = Map<
  string,
  Pick<ImportFileCounts, 'leads_created' | 'leads_updated' | 'signals_added' | 'posts_added'>
>;

/** Where the importer sends what it reads. */
export interface ImportSink {
  write(items: BatchItem[], posts: PostBatchItem[]): Promise<BatchCounts>;
  progress(percent: number): Promise<void>;
}

export interface ImportSource {
  path: string;
  fileName: string;
  /** A ZIP, or one CSV (a LinkedIn file, or any CSV read through `mapping`). */
  zip: boolean;
  mapping: CsvMapping | null;
}

const emptyCounts = (posts = false): ImportFileCounts => ({
  rows: 0,
  leads_created: 0,
  leads_updated: 0,
  signals_added: 0,
  ...(posts ? { posts_added: 0 } : {}),
  skipped: 0,
  skipped_examples: [],
});

/** Counts the bytes that pass, for the import's progress. */
function counter(onBytes: (bytes: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
}

/**
 * Reads an upload (a LinkedIn export ZIP, one of its CSVs, or any CSV with a column mapping)
 * and hands its rows to the sink in batches, counting per file what was read, added and skipped.
 * Only the files of LINKEDIN_FILES are ever opened.
 */
export class LeadImporter {
  private readonly counts: Record<string, ImportFileCounts> = {};
  private owner: Owner = { name: null, slug: null };
  private batch: BatchItem[] = [];
  private posts: PostBatchItem[] = [];
  private done = 0;
  private total = 1;
  private reported = -1;

  constructor(private readonly sink: ImportSink) {}

  async run(source: ImportSource): Promise<Record<string, ImportFileCounts>> {
    if (source.zip) await this.readArchive(source.path);
    else await this.readLoneCsv(source);
    await this.flush();
    await this.sink.progress(100);
    return this.counts;
  }

  private async readArchive(path: string): Promise<void> {
    const archive = await openArchive(path);
    try {
      const wanted = archive.entries
        .map((entry) => ({ entry, file: linkedInFileOf(entry.name) }))
        .filter(
          (item): item is { entry: typeof item.entry; file: LinkedInFile } => item.file !== null,
        )
        .sort((a, b) => READ_ORDER.indexOf(a.file) - READ_ORDER.indexOf(b.file));
      this.total = Math.max(
        1,
        wanted.reduce((sum, item) => sum + item.entry.uncompressedSize, 0),
      );
      for (const { entry, file } of wanted) {
        const name = entry.name.split(/[\\/]/).pop()!;
        if (file === 'messages' && !this.owner.slug)
          await this.findOwner(await archive.open(entry)).catch(() => undefined);
        const stream = await archive.open(entry);
        await this.readFile(stream, name, {
          isHeader: (cells) => hasColumns(cells, REQUIRED_COLUMNS[file]),
          read: (cells) => this.readLinkedIn(file, cells),
          posts: MY_POST_FILES.has(file),
          backslashEscapes: file === 'comments',
        });
      }
    } finally {
      archive.close();
    }
  }

  private async readLoneCsv(source: ImportSource): Promise<void> {
    const { size } = await stat(source.path);
    this.total = Math.max(1, size);
    const mapping = source.mapping ? normaliseMapping(source.mapping) : null;
    if (!mapping) await this.findOwner(createReadStream(source.path)).catch(() => undefined);
    let read: ((cells: Record<string, string>) => RowOutcome) | null = null;
    const named = mapping ? null : linkedInFileOf(source.fileName);
    await this.readFile(createReadStream(source.path), source.fileName, {
      posts: !!named && MY_POST_FILES.has(named),
      backslashEscapes: named === 'comments',
      isHeader: (cells) => {
        const file = linkedInFileOfHeader(cells);
        if (file && !mapping) {
          read = (row) => this.readLinkedIn(file, row);
          return true;
        }
        const lower = cells.map((cell) => cell.trim().toLowerCase());
        const chosen = mapping ?? normaliseMapping(guessMapping(cells));
        const columns = Object.values(chosen);
        if (columns.length === 0 || !columns.every((column) => lower.includes(column!)))
          return false;
        if (
          !chosen.first_name &&
          !chosen.last_name &&
          !chosen.name &&
          !chosen.profile_url &&
          !chosen.email
        )
          return false;
        read = (row) => readMappedRow(row, chosen);
        return true;
      },
      read: (cells) => read!(cells),
    });
  }

  /**
   * The member's own profile in messages.csv: the one person in every conversation. Read first,
   * so that an export without Profile.csv (or a lone messages.csv) still tells sent from received.
   */
  private async findOwner(input: Readable): Promise<void> {
    let candidates = null as Set<string> | null;
    for await (const { cells } of readCsvRows(input, {
      isHeader: (header) => hasColumns(header, REQUIRED_COLUMNS.messages),
    })) {
      const people = new Set(
        [cells['sender profile url'], ...(cells['recipient profile urls'] ?? '').split(/[,\s]+/)]
          .map((url) => profileSlug(url))
          .filter((slug): slug is string => !!slug),
      );
      if (people.size < 2) continue;
      candidates = candidates
        ? new Set([...candidates].filter((slug) => people.has(slug)))
        : people;
      if (candidates.size === 0) break;
    }
    input.destroy();
    if (candidates?.size === 1) this.owner = { ...this.owner, slug: [...candidates][0] };
  }

  private readLinkedIn(file: LinkedInFile, cells: Record<string, string>): RowOutcome {
    if (file === 'profile') {
      const name = `${cells['first name'] ?? ''} ${cells['last name'] ?? ''}`.trim();
      if (name && !this.owner.name) this.owner = { ...this.owner, name };
      return { items: [] };
    }
    if (file === 'shares' || file === 'comments' || file === 'reactions') {
      const outcome = readMyPostRow(file, cells);
      return 'post' in outcome
        ? { items: [], post: outcome.post }
        : { items: [], skipped: outcome.skipped };
    }
    return readLinkedInRow(file, cells, this.owner);
  }

  private async readFile(
    input: Readable,
    name: string,
    options: {
      isHeader: (cells: string[]) => boolean;
      read: (cells: Record<string, string>) => RowOutcome;
      /** The file holds the member's own posts: its counts say how many were kept. */
      posts?: boolean;
      backslashEscapes?: boolean;
    },
  ): Promise<void> {
    const counts = (this.counts[name] ??= emptyCounts(options.posts));
    const stream = input.pipe(counter((bytes) => (this.done += bytes)));
    input.on('error', (error) => stream.destroy(error));
    try {
      for await (const row of readCsvRows(stream, {
        isHeader: options.isHeader,
        backslashEscapes: options.backslashEscapes,
      })) {
        counts.rows += 1;
        const outcome = options.read(row.cells);
        if (outcome.skipped) {
          if (outcome.items.length === 0) counts.skipped += 1;
          if (counts.skipped_examples.length < SKIPPED_EXAMPLES)
            counts.skipped_examples.push({ line: row.line, reason: outcome.skipped });
        }
        for (const item of outcome.items) this.batch.push({ ...item, file: name, line: row.line });
        if (outcome.post) this.posts.push({ ...outcome.post, file: name });
        if (this.batch.length + this.posts.length >= BATCH_SIZE) await this.flush();
      }
    } catch (error) {
      // An entry that inflates past what it declared is a bomb: the whole import is refused.
      if (/too many bytes|exceeds|uncompressed/i.test((error as Error).message))
        throw new ArchiveTooLarge((error as Error).message);
      const reason =
        error instanceof CsvUnreadable
          ? 'The header row was not found: the file was not read'
          : /max_record_size|record exceeds/i.test((error as Error).message)
            ? 'A row is longer than 1 MB: the rest of the file was not read'
            : `The file could not be read past this point (${(error as Error).message.slice(0, 120)})`;
      counts.skipped_examples.push({ line: 0, reason });
    }
  }

  private async flush(): Promise<void> {
    if (this.batch.length > 0 || this.posts.length > 0) {
      const [items, posts] = [this.batch, this.posts];
      this.batch = [];
      this.posts = [];
      for (const [file, added] of await this.sink.write(items, posts)) {
        const counts = (this.counts[file] ??= emptyCounts());
        counts.leads_created += added.leads_created;
        counts.leads_updated += added.leads_updated;
        counts.signals_added += added.signals_added;
        if (added.posts_added) counts.posts_added = (counts.posts_added ?? 0) + added.posts_added;
      }
    }
    const percent = Math.min(99, Math.floor((this.done / this.total) * 100));
    if (percent > this.reported) {
      this.reported = percent;
      await this.sink.progress(percent);
    }
  }
}

const hasColumns = (cells: string[], required: string[]) => {
  const lower = new Set(cells.map((cell) => cell.trim().toLowerCase()));
  return required.every((column) => lower.has(column));
};
