import { describe, expect, it } from 'vitest';
import { guessMapping, normaliseMapping } from './csv-mapping.js';

describe('guessMapping', () => {
  it('maps the header names a CRM or a spreadsheet uses', () => {
    expect(
      guessMapping([
        'First Name',
        'Last Name',
        'LinkedIn URL',
        'Company',
        'Job Title',
        'E-mail',
        'Location',
      ]),
    ).toEqual({
      first_name: 'First Name',
      last_name: 'Last Name',
      profile_url: 'LinkedIn URL',
      company: 'Company',
      position: 'Job Title',
      email: 'E-mail',
      location: 'Location',
    });
    expect(
      guessMapping(['Full Name', 'LinkedIn URL', 'Company Name', 'Job Title', 'E-mail', 'City']),
    ).toEqual({
      name: 'Full Name',
      profile_url: 'LinkedIn URL',
      company: 'Company Name',
      position: 'Job Title',
      email: 'E-mail',
      location: 'City',
    });
  });

  it('reads case, spacing, punctuation and accents loosely', () => {
    expect(
      guessMapping(['  NAME ', 'profile_url', 'Position', 'E-Mail Address', 'Prénom']),
    ).toEqual({
      first_name: 'Prénom',
      profile_url: 'profile_url',
      position: 'Position',
      email: 'E-Mail Address',
    });
    expect(guessMapping(['Full name', 'URL', 'Title'])).toEqual({
      name: 'Full name',
      profile_url: 'URL',
      position: 'Title',
    });
  });

  it('gives a column to one field at most, and leaves unknown columns out', () => {
    expect(guessMapping(['Title', 'Title', 'Notes', 'Deal size', ''])).toEqual({
      position: 'Title',
    });
    expect(guessMapping(['Notes', 'Amount'])).toEqual({});
    expect(guessMapping([])).toEqual({});
  });

  it('uses a full name only when there is no first or last name', () => {
    expect(guessMapping(['Name', 'First Name'])).toEqual({ first_name: 'First Name' });
  });
});

describe('normaliseMapping', () => {
  it('keys columns as the CSV reader does and drops empty choices', () => {
    expect(normaliseMapping({ name: ' Full Name ', email: '', company: 'Org' })).toEqual({
      name: 'full name',
      company: 'org',
    });
  });
});
