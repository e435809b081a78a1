import { describe, expect, it } from 'vitest';
import {
  assignColumn,
  fieldOfColumn,
  isLinkedInExportCsv,
  mappingProblem,
  nameFromSlug,
} from './csv-mapping';

describe('assignColumn and fieldOfColumn', () => {
  it('moves a column to another field, freeing the field it had and the one it takes', () => {
    const mapping = { first_name: 'Who', company: 'Org', position: 'Role' };
    expect(assignColumn(mapping, 'Who', 'name')).toEqual({
      name: 'Who',
      company: 'Org',
      position: 'Role',
    });
    expect(assignColumn(mapping, 'Role', 'company')).toEqual({
      first_name: 'Who',
      company: 'Role',
    });
    expect(assignColumn(mapping, 'Org', '')).toEqual({ first_name: 'Who', position: 'Role' });
    expect(fieldOfColumn(mapping, 'Org')).toBe('company');
    expect(fieldOfColumn(mapping, 'Nothing')).toBe('');
  });
});

describe('mappingProblem', () => {
  it('asks for a column that says who the lead is', () => {
    expect(mappingProblem({ company: 'Org' })).toMatch(
      /name, the LinkedIn profile URL or the e-mail/,
    );
    expect(mappingProblem({ email: 'Mail' })).toBeNull();
    expect(mappingProblem({ profile_url: 'URL' })).toBeNull();
  });
});

describe('isLinkedInExportCsv', () => {
  it("knows the export's files by name, suffix and folder included, and by header", () => {
    expect(isLinkedInExportCsv('Connections.csv', ['Notes:'])).toBe(true);
    expect(isLinkedInExportCsv('export/Comments_997361.csv', [])).toBe(true);
    expect(
      isLinkedInExportCsv('my-network.csv', [
        'First Name',
        'Last Name',
        'URL',
        'Email Address',
        'Company',
        'Position',
        'Connected On',
      ]),
    ).toBe(true);
    expect(isLinkedInExportCsv('crm.csv', ['Vorname', 'Nachname', 'Firma'])).toBe(false);
  });
});

describe('nameFromSlug', () => {
  it('suggests a name from the words of a slug, without its id', () => {
    expect(nameFromSlug('jane-doe-4b1a2c')).toEqual({ first: 'Jane', last: 'Doe' });
    expect(nameFromSlug('jürgen-m-12')).toEqual({ first: 'Jürgen', last: 'M' });
    expect(nameFromSlug('x12345')).toBeNull();
    expect(nameFromSlug(null)).toBeNull();
  });
});
