import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable, isValueTooLong } from './database-errors.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a server that cannot be reached or is going away', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('ECONNRESET'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P01', 'terminating connection'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('08006', 'connection failure'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('looks through TypeORM’s wrapper to the driver’s error', () => {
    const wrapped = new QueryFailedError('SELECT 1', [], withCode('ECONNREFUSED'));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves errors of the request or the code alone', () => {
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('22P02', 'invalid input syntax for type uuid'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('text')).toBe(false);
  });
});

describe('isValueTooLong', () => {
  it('recognises PostgreSQL refusing a text longer than its column, wrapped or not', () => {
    const tooLong = withCode('22001', 'value too long for type character varying(100)');
    expect(isValueTooLong(tooLong)).toBe(true);
    expect(isValueTooLong(new QueryFailedError('INSERT', [], tooLong))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isValueTooLong(withCode('22003', 'integer out of range'))).toBe(false);
    expect(isValueTooLong(new Error('value too long'))).toBe(false);
    expect(isValueTooLong(undefined)).toBe(false);
  });
});
