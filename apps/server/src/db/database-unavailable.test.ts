import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.ts';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a backend terminated by an administrator',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a database starting up', withCode('the database system is starting up', '57P03')],
    ['a connection failure', withCode('connection failure', '08006')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['a refused socket', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a database closed to connections', withCode('database "shop" is not currently accepting connections', '55000')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
  ])('is true for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('looks through the query wrapper to the driver error it holds', () => {
    const driver = withCode('terminating connection due to administrator command', '57P01');
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: driver }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error('x'), driver]))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a check violation', withCode('new row violates check constraint', '23514')],
    ['a date out of range', withCode('date/time field value out of range', '22008')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'Connection terminated'],
    ['nothing', undefined],
  ])('is false for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on a cause that points back at itself', () => {
    const loop = new Error('a') as Error & { cause?: unknown };
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
