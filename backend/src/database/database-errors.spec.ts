import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-errors.js';

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
