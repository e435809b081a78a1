import { exportDateOfName, parseExportDate } from './export-dates.js';

describe('parseExportDate', () => {
  it.each([
    ['08 Feb 2026', '2026-02-08T00:00:00.000Z'],
    ['8 Feb 2026', '2026-02-08T00:00:00.000Z'],
    ['2026-02-08 14:37:00 UTC', '2026-02-08T14:37:00.000Z'],
    ['1/29/26, 2:37 PM', '2026-01-29T14:37:00.000Z'],
    ['12/1/25, 12:05 AM', '2025-12-01T00:05:00.000Z'],
    ['2021/05/06 18:51:09 UTC', '2021-05-06T18:51:09.000Z'],
    ['2026-02-08', '2026-02-08T00:00:00.000Z'],
    ['2026-02-08T14:37:00Z', '2026-02-08T14:37:00.000Z'],
    ['2026-02-08T14:37:00+02:00', '2026-02-08T12:37:00.000Z'],
    ['02/08/2026', '2026-02-08T00:00:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(parseExportDate(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '',
    'yesterday',
    '31 Feb 2026',
    '2026-13-01',
    '13/45/26, 2:37 PM',
    '1/29/26, 13:37 PM',
    '08 Foo 2026',
  ])('refuses to guess %j', (text) => {
    expect(parseExportDate(text)).toBeNull();
  });

  it('reads the export date of an archive’s name', () => {
    expect(exportDateOfName('Basic_LinkedInDataExport_02-08-2026.zip')?.toISOString()).toBe(
      '2026-02-08T00:00:00.000Z',
    );
    expect(exportDateOfName('export.zip')).toBeNull();
  });
});
