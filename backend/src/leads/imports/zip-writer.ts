import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

export interface ZipFileEntry {
  name: string;
  content: string | Buffer;
}

/** Writes a ZIP of the given files (the sample export, and archives for tests). */
export async function writeZip(path: string, files: ZipFileEntry[]): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const file of files)
    zip.addBuffer(
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8'),
      file.name,
    );
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
}
