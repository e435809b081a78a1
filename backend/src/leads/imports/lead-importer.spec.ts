import { Readable } from 'node:stream';
import fc from 'fast-check';
import {
  archive,
  CONNECTIONS_HEADER,
  CONNECTIONS_NOTES,
  csv,
  declareUncompressedSize,
  ENDORSEMENTS_HEADER,
  INVITATIONS_HEADER,
  MESSAGES_HEADER,
  PROFILE_HEADER,
  profileUrl,
  RECOMMENDATIONS_HEADER,
  scratchFolder,
} from '../../../test/support/linkedin-export.js';
import { readCsvRows } from './csv-records.js';
import { LeadImporter, type BatchItem, type ImportSink } from './lead-importer.js';
import { linkedInFileOf } from './linkedin-files.js';
import { ArchiveTooLarge, ArchiveUnreadable } from './zip-archive.js';

/** A sink that keeps what the importer hands it. */
function collector() {
  const items: BatchItem[] = [];
  const progress: number[] = [];
  const sink: ImportSink = {
    write: async (batch) => {
      items.push(...batch);
      return new Map();
    },
    progress: async (percent) => {
      progress.push(percent);
    },
  };
  return { items, progress, sink };
}

const folder = scratchFolder();
const zipOf = (
  files: Record<string, string | Buffer>,
  name = 'Basic_LinkedInDataExport_02-08-2026.zip',
) =>
  archive(
    folder,
    `${Math.random().toString(36).slice(2)}-${name}`,
    Object.entries(files).map(([file, content]) => ({ name: file, content })),
  );
const run = async (path: string) => {
  const { items, progress, sink } = collector();
  const counts = await new LeadImporter(sink).run({
    path,
    fileName: 'export.zip',
    zip: true,
    mapping: null,
  });
  return { items, progress, counts };
};

describe('LeadImporter on a LinkedIn export', () => {
  it('finds the header after the notes, through a BOM and CRLF, in a folder, in every script, past empty rows', async () => {
    const connections = csv(
      CONNECTIONS_HEADER,
      [
        [
          'Zoë',
          'Ångström',
          profileUrl('zoë-ångström'),
          '',
          'Acme, Inc.',
          'Head of "Growth"',
          '08 Feb 2026',
        ],
        ['', '', '', '', '', '', ''],
        ['伟', '王', profileUrl('王伟'), 'wei@example.com', '华为', '工程师', '1 Jan 2025'],
        [
          'محمد',
          'علي',
          'https://www.linkedin.com/in/mohamed-ali-7b1',
          '',
          'شركة',
          'مدير',
          '15 Mar 2024',
        ],
        ['Emoji 🚀', 'Person', profileUrl('emoji-person'), '', '', '', '02 Dec 2023'],
      ],
      { bom: true, crlf: true, notes: CONNECTIONS_NOTES },
    );
    const { items, counts, progress } = await run(
      await zipOf({ 'Basic_LinkedInDataExport/Connections.csv': connections }),
    );
    expect(items.map((item) => item.person.slug)).toEqual([
      'zoë-ångström',
      '王伟',
      'mohamed-ali-7b1',
      'emoji-person',
    ]);
    expect(items[0]).toMatchObject({
      file: 'Connections.csv',
      line: 5,
      currentDetails: true,
      person: {
        first_name: 'Zoë',
        last_name: 'Ångström',
        company: 'Acme, Inc.',
        position: 'Head of "Growth"',
      },
      signal: { kind: 'connected', occurred_at: new Date('2026-02-08T00:00:00Z') },
    });
    expect(items[1].person.email).toBe('wei@example.com');
    expect(counts['Connections.csv']).toMatchObject({ rows: 4, skipped: 0 });
    expect(progress.at(-1)).toBe(100);
  });

  it('reads an older export without the URL column, keyed on names', async () => {
    const old = csv(
      ['First Name', 'Last Name', 'Email Address', 'Company', 'Position', 'Connected On'],
      [['Grace', 'Hopper', '', 'Navy', 'Rear Admiral', '12 Jan 2019']],
    );
    const { items } = await run(await zipOf({ 'Connections.csv': old }));
    expect(items).toEqual([
      expect.objectContaining({
        person: expect.objectContaining({ slug: null, first_name: 'Grace', company: 'Navy' }),
      }),
    ]);
  });

  it('reads files with member-id suffixes, quoted multi-line messages, skips drafts and tells sent from received', async () => {
    const profile = csv(PROFILE_HEADER, [
      ['Ada', 'Lovelace', '', '', '', 'Mathematician', '', '', '', '', '', '', ''],
    ]);
    const messages = csv(
      MESSAGES_HEADER,
      [
        [
          'c1',
          'Hello',
          'Bob Builder',
          profileUrl('bob-builder'),
          'Ada Lovelace',
          profileUrl('ada'),
          '2026-02-08 14:37:00 UTC',
          '',
          'Line one\nline "two"\r\nline three',
          'INBOX',
          '',
          'No',
          'No',
        ],
        [
          'c1',
          'Hello',
          'Ada Lovelace',
          profileUrl('ada'),
          'Bob Builder',
          profileUrl('bob-builder'),
          '2026-02-08 15:00:00 UTC',
          '',
          'Reply',
          'INBOX',
          '',
          'No',
          'No',
        ],
        [
          'c2',
          '',
          'Ada Lovelace',
          profileUrl('ada'),
          'Carol',
          profileUrl('carol'),
          '2026-02-09 15:00:00 UTC',
          '',
          'Draft',
          'INBOX',
          '',
          'Yes',
          'No',
        ],
      ],
      { quoteAll: true, crlf: true },
    );
    const { items, counts } = await run(
      await zipOf({ 'Profile_997361.csv': profile, 'inbox/messages_997361.csv': messages }),
    );
    expect(items.map((item) => [item.signal?.kind, item.person.slug])).toEqual([
      ['message_received', 'bob-builder'],
      ['message_sent', 'bob-builder'],
    ]);
    expect(items[0].signal?.detail).toMatchObject({ excerpt: 'Line one line "two" line three' });
    expect(counts['messages_997361.csv']).toMatchObject({
      rows: 3,
      skipped: 1,
      skipped_examples: [{ line: 7, reason: 'A draft' }],
    });
  });

  it('tells sent from received without Profile.csv: the member is in every conversation', async () => {
    const row = (id: string, from: string, to: string, date: string) => [
      id,
      '',
      from,
      profileUrl(from),
      to,
      profileUrl(to),
      date,
      '',
      'Hi',
      'INBOX',
      '',
      'No',
      'No',
    ];
    const messages = csv(MESSAGES_HEADER, [
      row('c1', 'bob', 'me', '2026-02-08 10:00:00 UTC'),
      row('c1', 'me', 'bob', '2026-02-08 11:00:00 UTC'),
      row('c2', 'me', 'carol', '2026-02-09 11:00:00 UTC'),
    ]);
    const { items } = await run(await zipOf({ 'messages.csv': messages }));
    expect(items.map((item) => [item.signal?.kind, item.person.slug])).toEqual([
      ['message_received', 'bob'],
      ['message_sent', 'bob'],
      ['message_sent', 'carol'],
    ]);
  });

  it('reads invitations, endorsements and recommendations with their own date formats, and reports a date it cannot read', async () => {
    const invitations = csv(INVITATIONS_HEADER, [
      [
        'Dan Dare',
        'Ada Lovelace',
        '1/29/26, 2:37 PM',
        'Hi!',
        'INCOMING',
        profileUrl('dan-dare'),
        profileUrl('ada'),
      ],
      [
        'Ada Lovelace',
        'Eve Online',
        '12/1/25, 9:05 AM',
        '',
        'OUTGOING',
        profileUrl('ada'),
        profileUrl('eve-online'),
      ],
      [
        'Fay Wray',
        'Ada Lovelace',
        'last Tuesday',
        '',
        'INCOMING',
        profileUrl('fay'),
        profileUrl('ada'),
      ],
    ]);
    const endorsements = csv(ENDORSEMENTS_HEADER, [
      ['2021/05/06 18:51:09 UTC', 'Sales', 'Gus', 'Grissom', profileUrl('gus'), 'ACCEPTED'],
    ]);
    const recommendations = csv(RECOMMENDATIONS_HEADER, [
      ['Hal', 'Jordan', 'Lantern Corp', 'CTO', 'Great to work with', '02/08/2026', 'VISIBLE'],
    ]);
    const { items, counts } = await run(
      await zipOf({
        'Invitations.csv': invitations,
        'Endorsement_Received_Info.csv': endorsements,
        'Recommendations_Received.csv': recommendations,
      }),
    );
    expect(
      items.map((item) => [item.signal?.kind, item.signal?.occurred_at.toISOString()]),
    ).toEqual([
      ['invitation_received', '2026-01-29T14:37:00.000Z'],
      ['invitation_sent', '2025-12-01T09:05:00.000Z'],
      ['endorsement', '2021-05-06T18:51:09.000Z'],
      ['recommendation', '2026-02-08T00:00:00.000Z'],
    ]);
    expect(counts['Invitations.csv'].skipped_examples).toEqual([
      { line: 4, reason: 'Sent At: the date “last Tuesday” could not be read' },
    ]);
  });

  it('never opens the files it does not use', async () => {
    const files = {
      'Connections.csv': csv(CONNECTIONS_HEADER, [
        ['A', 'B', profileUrl('a-b'), '', '', '', '08 Feb 2026'],
      ]),
      'PhoneNumbers.csv': csv(
        ['Extension', 'Number', 'Type'],
        [['', '+1 555 0100 PLANTED', 'Mobile']],
      ),
      'Email Addresses.csv': csv(
        ['Email Address', 'Confirmed', 'Primary'],
        [['planted@example.com', 'Yes', 'Yes']],
      ),
      'Ad_Targeting.csv': 'Member Age\n25-34\n',
    };
    const { items, counts } = await run(await zipOf(files));
    expect(Object.keys(counts)).toEqual(['Connections.csv']);
    expect(JSON.stringify(items)).not.toMatch(/PLANTED|planted@example.com/);
    expect(
      ['PhoneNumbers.csv', 'Email Addresses.csv', 'Ad_Targeting.csv', 'Logins.csv'].map(
        linkedInFileOf,
      ),
    ).toEqual([null, null, null, null]);
  });
});

describe('LeadImporter on archives past the limits', () => {
  it('refuses 5,000 entries before inflating any', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 5_000; index++) files[`f${index}.csv`] = 'x';
    const { items, sink } = collector();
    await expect(
      new LeadImporter(sink).run({
        path: await zipOf(files),
        fileName: 'many.zip',
        zip: true,
        mapping: null,
      }),
    ).rejects.toBeInstanceOf(ArchiveTooLarge);
    expect(items).toEqual([]);
  });

  it('refuses a ZIP bomb that declares more than 1 GB before inflating it', async () => {
    const path = await zipOf({ 'Connections.csv': Buffer.alloc(1_000_000, 0x41) });
    await declareUncompressedSize(path, 2_000_000_000);
    const { items, sink } = collector();
    await expect(
      new LeadImporter(sink).run({ path, fileName: 'bomb.zip', zip: true, mapping: null }),
    ).rejects.toBeInstanceOf(ArchiveTooLarge);
    expect(items).toEqual([]);
  });

  it('stops a ZIP bomb that inflates past the size it declares', async () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => [
      'A',
      'B',
      profileUrl(`p${index}`),
      '',
      '',
      '',
      '08 Feb 2026',
    ]);
    const path = await zipOf({ 'Connections.csv': csv(CONNECTIONS_HEADER, rows) });
    await declareUncompressedSize(path, 1_000);
    const { sink } = collector();
    await expect(
      new LeadImporter(sink).run({ path, fileName: 'liar.zip', zip: true, mapping: null }),
    ).rejects.toBeInstanceOf(ArchiveTooLarge);
  });

  it('refuses a file that is not a ZIP', async () => {
    const { sink } = collector();
    const path = `${folder}/not.zip`;
    await import('node:fs/promises').then((fs) => fs.writeFile(path, 'hello'));
    await expect(
      new LeadImporter(sink).run({ path, fileName: 'not.zip', zip: true, mapping: null }),
    ).rejects.toBeInstanceOf(ArchiveUnreadable);
  });
});

describe('readCsvRows', () => {
  it('reads quotes escaped as \\" (Comments.csv)', async () => {
    const text = 'Date,Link,Message\n2026-02-08 10:00:00,https://x,"He said \\"yes\\", twice"\n';
    const rows = [];
    for await (const row of readCsvRows(Readable.from([text]), {
      isHeader: (cells) => cells.includes('Message'),
      backslashEscapes: true,
    }))
      rows.push(row);
    expect(rows).toEqual([
      {
        line: 2,
        cells: { date: '2026-02-08 10:00:00', link: 'https://x', message: 'He said "yes", twice' },
      },
    ]);
  });

  it('gives back any cells it is given, whatever they hold', async () => {
    const cell = fc.string({ unit: 'grapheme', maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(cell, cell, cell), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        async (rows, crlf) => {
          const kept = rows.filter((row) => row.some((value) => value.trim() !== ''));
          const text = csv(['A', 'B', 'C'], rows, { crlf, bom: true });
          const read = [];
          for await (const row of readCsvRows(Readable.from([text]), {
            isHeader: (cells) => cells[0] === 'A',
          }))
            read.push(row.cells);
          expect(read).toEqual(kept.map(([a, b, c]) => ({ a, b, c })));
        },
      ),
      { numRuns: 100 },
    );
  });
});
