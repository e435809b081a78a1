import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import type { EntityManager } from 'typeorm';

/** The size of one stored part: small enough to hold one in memory, large enough to be few. */
const PART_BYTES = 1024 * 1024;

/** The upload's parts are gone: deleted with the import, or never stored. */
export class UploadMissing extends Error {
  readonly code = 'ENOENT';
  constructor(importId: string) {
    super(`The upload of import ${importId} is not stored`);
  }
}

/**
 * Where an upload waits for its job: in the database, part by part, so whichever instance runs
 * the job can read it with no folder shared between instances. Each instance only keeps a local
 * copy while it writes or reads one.
 */
export const uploadStore = {
  /** Copies the local file into the import's parts, in the caller's transaction. */
  async put(manager: EntityManager, importId: string, path: string): Promise<void> {
    let part = 0;
    for await (const chunk of createReadStream(path, { highWaterMark: PART_BYTES })) {
      await manager.query(
        `INSERT INTO lead_import_uploads (import_id, part, data) VALUES ($1, $2, $3)`,
        [importId, part, chunk as Buffer],
      );
      part += 1;
    }
  },

  /**
   * Writes the stored upload to `path` one part at a time (never the whole file in memory).
   * Throws `UploadMissing` when nothing is stored for the import.
   */
  async copyTo(manager: EntityManager, importId: string, path: string): Promise<void> {
    const file = createWriteStream(path, { mode: 0o600 });
    try {
      for (let part = 0; ; part += 1) {
        const [row] = (await manager.query(
          `SELECT data FROM lead_import_uploads WHERE import_id = $1 AND part = $2`,
          [importId, part],
        )) as { data: Buffer }[];
        if (!row) {
          if (part === 0) throw new UploadMissing(importId);
          break;
        }
        if (!file.write(row.data)) await once(file, 'drain');
      }
      file.end();
      await once(file, 'finish');
    } catch (error) {
      file.destroy();
      await rm(path, { force: true });
      throw error;
    }
  },

  async delete(manager: EntityManager, importId: string): Promise<void> {
    await manager.query(`DELETE FROM lead_import_uploads WHERE import_id = $1`, [importId]);
  },
};
