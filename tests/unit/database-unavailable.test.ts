// Which failures of the database are a passing outage (503, try again) and which are bugs (500).
import { describe, expect, test } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('a database out of reach', () => {
  test.each([
    ['the server refuses the connection', withCode('ECONNREFUSED')],
    ['the connection is reset', withCode('ECONNRESET')],
    ['PostgreSQL is shutting down', withCode('57P01', 'terminating connection due to administrator command')],
    ['PostgreSQL is starting up', withCode('57P03', 'the database system is starting up')],
    ['PostgreSQL has no connection left', withCode('53300', 'sorry, too many clients already')],
    ['a connection exception (SQLSTATE class 08)', withCode('08006')],
    ['the driver lost the connection under a query', new Error('Connection terminated unexpectedly')],
    ['the pool waited too long for a connection', new Error('timeout exceeded when trying to connect')],
  ])('%s: 503', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error in a query', withCode('42601')],
    ['a number out of range', withCode('22003')],
    ['a bug of ours', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'Connection terminated'],
  ])('%s: not an outage', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
