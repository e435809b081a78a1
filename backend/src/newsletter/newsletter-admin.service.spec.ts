import { parseSubscribersCsv } from './newsletter-admin.service.js';

describe('parseSubscribersCsv', () => {
  it('reads headers as snake_case and trims the values', () => {
    expect(
      parseSubscribersCsv('Email, First Name ,LAST NAME\n ada@example.com ,Ada,Lovelace\n'),
    ).toEqual([{ email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' }]);
  });

  it('skips empty lines and accepts a file with a header only', () => {
    expect(parseSubscribersCsv('email\n\nbob@example.com\n\n')).toEqual([
      { email: 'bob@example.com' },
    ]);
    expect(parseSubscribersCsv('email\n')).toEqual([]);
  });

  it('refuses a file without an email column', () => {
    expect(() => parseSubscribersCsv('name\nx')).toThrow('The CSV needs an email column.');
  });

  it('refuses text that is not CSV', () => {
    expect(() => parseSubscribersCsv('email\n"unclosed')).toThrow('The file is not valid CSV.');
  });
});
