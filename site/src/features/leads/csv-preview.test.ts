import { describe, expect, it } from 'vitest';
import { readCsvPreview } from './csv-preview';

describe('readCsvPreview', () => {
  it('reads a header and the first rows, with a BOM and CRLF', () => {
    expect(readCsvPreview('\uFEFFName,Org\r\nAda,Analytical\r\nGrace,Navy\r\n')).toEqual({
      header: ['Name', 'Org'],
      rows: [
        ['Ada', 'Analytical'],
        ['Grace', 'Navy'],
      ],
    });
  });

  it('keeps quoted commas, doubled quotes and line breaks inside a field', () => {
    const preview = readCsvPreview('a,b\n"Lovelace, Ada","She said ""hi""\nthen left"\n');
    expect(preview.rows).toEqual([['Lovelace, Ada', 'She said "hi"\nthen left']]);
  });

  it('skips blank lines, stops after the rows asked for, and reads a last line without its end', () => {
    const text = 'h\n\n1\n2\n3\n4';
    expect(readCsvPreview(text, 2).rows).toEqual([['1'], ['2']]);
    expect(readCsvPreview(text).rows).toEqual([['1'], ['2'], ['3'], ['4']]);
  });

  it('answers an empty header for an empty file', () => {
    expect(readCsvPreview('')).toEqual({ header: [], rows: [] });
    expect(readCsvPreview('\n\n')).toEqual({ header: [], rows: [] });
  });
});
