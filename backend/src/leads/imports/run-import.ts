import { rm } from 'node:fs/promises';
import type { EntityManager } from 'typeorm';
import type { ImportFileCounts } from '@leadpulse/common';
import { LeadImporter, type ImportSink, type ImportSource } from './lead-importer.js';
import { writeBatch, type WriteContext } from './lead-writer.js';
import { writeMyPosts } from './my-posts-writer.js';
import { writeSampleExports } from './sample-export.js';

/** Runs one unit of work in a transaction (each batch of an import is one). */
export type Transact = <T>(work: (manager: EntityManager) => Promise<T>) => Promise<T>;

/**
 * Reads an upload and writes it batch by batch, each batch in its own transaction: leads and
 * signals, and the member's own posts; `progress` hears 0–99 as the bytes are read.
 */
export function runImport(
  transact: Transact,
  context: WriteContext,
  input: ImportSource,
  progress: (percent: number) => Promise<void>,
): Promise<Record<string, ImportFileCounts>> {
  const sink: ImportSink = {
    write: (items, posts) =>
      transact(async (manager) => {
        const counts = items.length > 0 ? await writeBatch(manager, context, items) : new Map();
        await writeMyPosts(manager, context, posts, counts);
        return counts;
      }),
    progress: (percent) => progress(Math.min(99, percent)),
  };
  return new LeadImporter(sink).run(input);
}

/**
 * Imports the generated sample: its two exports a month apart, one after the other (the second
 * brings the job changes), counted per export and file. `variant` draws other people.
 */
export async function importSampleExports(
  transact: Transact,
  context: Pick<WriteContext, 'workspaceId' | 'importId'>,
  folder: string,
  progress: (percent: number) => Promise<void>,
  variant = 0,
): Promise<Record<string, ImportFileCounts>> {
  const exports = await writeSampleExports(folder, context.importId, new Date(), variant);
  const counts: Record<string, ImportFileCounts> = {};
  try {
    for (const [index, sample] of exports.entries()) {
      const part = await runImport(
        transact,
        { ...context, source: 'sample', asOf: sample.date },
        { path: sample.path, fileName: sample.name, zip: true, mapping: null },
        (percent) => progress(index * 50 + Math.floor(percent / 2)),
      );
      for (const [file, fileCounts] of Object.entries(part))
        counts[`${sample.name}/${file}`] = fileCounts;
    }
  } finally {
    for (const sample of exports) await rm(sample.path, { force: true });
  }
  return counts;
}
