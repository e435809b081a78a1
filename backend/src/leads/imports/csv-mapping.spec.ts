import { normaliseMapping } from '@leadpulse/common';
import { readMappedRow } from './csv-mapping.js';

describe('readMappedRow', () => {
  const mapping = normaliseMapping({ name: 'Name', profile_url: 'URL', email: 'Mail' });

  it('splits a full name and keys the person on the slug', () => {
    const { items } = readMappedRow(
      { name: 'Ana Sofía García', url: 'https://www.linkedin.com/in/ana-garcia/', mail: '' },
      mapping,
    );
    expect(items[0].person).toMatchObject({
      first_name: 'Ana Sofía',
      last_name: 'García',
      slug: 'ana-garcia',
      email: null,
    });
  });

  it('skips a row with nothing to know the person by, and says what it left out', () => {
    expect(readMappedRow({ name: '', url: '', mail: '' }, mapping)).toEqual({
      items: [],
      skipped: 'No name, profile URL or e-mail',
    });
    expect(readMappedRow({ name: 'Bo', url: 'x', mail: 'not-mail' }, mapping).skipped).toBe(
      'Imported without its profile URL, which is not a LinkedIn profile (/in/…), and without its e-mail address, which is not valid',
    );
  });
});
