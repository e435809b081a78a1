import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';

/** The longest row read; a longer one ends the file with a reason (LEADS.md "Limits"). */
export const MAX_ROW_BYTES = 1024 * 1024;

export interface CsvRow {
  /** The row's first line in the file (1-based), for the skipped rows' report. */
  line: number;
  /** Cells by lower-case header name. */
  cells: Record<string, string>;
}

export interface CsvReadOptions {
  /** Whether a row is the header (rows before it are notes, however many). */
  isHeader: (cells: string[]) => boolean;
  /** `Comments.csv` escapes quotes as `\"`; every other file doubles them. */
  backslashEscapes?: boolean;
}

/** The header wasn't found, or the file is not CSV. */
export class CsvUnreadable extends Error {}

/**
 * The rows of a CSV file as LinkedIn writes them: a byte-order mark, CRLF, quoted or bare
 * fields, fields over several lines, notes before the header, and empty rows, all taken in
 * stride. Streams: only one row is held at a time.
 */
export async function* readCsvRows(
  input: Readable,
  options: CsvReadOptions,
): AsyncGenerator<CsvRow> {
  const parser = input.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: MAX_ROW_BYTES,
      info: true,
      escape: options.backslashEscapes ? '\\' : '"',
    }),
  );
  input.on('error', (error) => parser.destroy(error));
  let header: string[] | null = null;
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number; records: number };
  }>) {
    if (!header) {
      if (options.isHeader(record)) header = record.map((cell) => cell.trim().toLowerCase());
      continue;
    }
    const cells: Record<string, string> = {};
    header.forEach((name, index) => {
      if (name && record[index] !== undefined) cells[name] = record[index];
    });
    // info.lines is the row's last line: a field over several lines starts it earlier.
    const spanned = record.reduce(
      (count, cell) => count + (cell.match(/\r\n|\n|\r/g)?.length ?? 0),
      0,
    );
    yield { line: info.lines - spanned, cells };
  }
  if (!header) throw new CsvUnreadable('no header row');
}
