/** The start of a CSV as the mapping step shows it: its header and first rows. */
export interface CsvPreview {
  header: string[];
  rows: string[][];
}

/**
 * Reads the header and up to `maxRows` rows of a CSV's text: a byte-order mark, CRLF or LF line
 * ends, quoted fields with doubled quotes and line breaks inside, and blank lines (skipped).
 */
export function readCsvPreview(text: string, maxRows = 5): CsvPreview {
  const source = text.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let at = 0;
  const endRecord = () => {
    record.push(field);
    field = '';
    if (record.some((cell) => cell.trim() !== '')) records.push(record);
    record = [];
  };
  while (at < source.length && records.length < maxRows + 1) {
    const char = source[at];
    if (quoted) {
      if (char === '"' && source[at + 1] === '"') {
        field += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[at + 1] === '\n') at += 1;
      endRecord();
    } else field += char;
    at += 1;
  }
  if (at >= source.length && (field !== '' || record.length > 0)) endRecord();
  const [header = [], ...rows] = records;
  return { header: header.map((cell) => cell.trim()), rows: rows.slice(0, maxRows) };
}

/** The first bytes of a file as text: enough for a header and a few rows. */
export async function readFileStart(file: Blob, bytes = 64 * 1024): Promise<string> {
  const slice = file.slice(0, bytes);
  // Blob.text() is missing in some test environments; FileReader is everywhere.
  if (typeof slice.text === 'function') return slice.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(slice);
  });
}
