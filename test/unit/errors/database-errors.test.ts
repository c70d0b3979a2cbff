import { appErrorFromDatabase, DatabaseUnreachableError, unreachableCause } from '../../../src/errors/database-errors';
import { RetryLaterError } from '../../../src/errors/error-kinds';

/** PostgreSQL's errors about the values a request carried are the caller's bad input: 400, never 500. */
describe("PostgreSQL's refusals of a request's values are 400s of the contract's kind", () => {
  it.each([
    ['22001', 'value too long for type character varying(255)'],
    ['54000', 'index row requires 12032 bytes, maximum size is 8191'],
    ['54000', 'string is too long for tsvector (1430000 bytes, max 1048575 bytes)'],
    ['22025', 'LIKE pattern must not end with escape character'],
    ['2201B', 'invalid regular expression: parentheses () not balanced'],
    ['22P02', 'invalid input syntax for type integer'],
  ])('%s (%s)', (code, message) => {
    const error = Object.assign(new Error(message), { code });
    const appError = appErrorFromDatabase(error);
    expect([appError?.kind, appError?.status, appError?.code]).toEqual(['RequestParameterInvalidException', 400, 400008]);
    // The server's own words (which may quote the value) are not echoed.
    expect(appError?.message).not.toContain(message);
  });

  it('leaves other failures (a deadlock, out of memory, a cancelled statement) to be answered as internal errors', () => {
    for (const code of ['40P01', '53200', '57014']) expect(appErrorFromDatabase(Object.assign(new Error('x'), { code }))).toBeUndefined();
  });
});

/** A database that cannot be reached is a 503 the client retries (docs/monitoring.md), not a 500. */
describe('an unreachable database is answered 503 with a time to retry', () => {
  it.each([
    ['a lost connection (08006)', Object.assign(new Error('x'), { code: '08006' })],
    ['a server shutting down (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a refused connection from the reader', new DatabaseUnreachableError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))],
    ["knex's words for a connection cut under a statement", new Error('COMMIT; - Connection terminated unexpectedly')],
  ])('%s', (_what, error) => {
    const appError = appErrorFromDatabase(error);
    expect([appError?.kind, appError?.status, appError?.code]).toEqual(['ServiceUnavailable', 503, 503001]);
    expect(appError).toBeInstanceOf(RetryLaterError);
    expect((appError as RetryLaterError).retryAfterSeconds).toBe(5);
    expect(appError?.message).not.toMatch(/127\.0\.0\.1|5432/);
  });

  it('leaves a refused connection that is not the database\'s (a fetch, a depot) alone', () => {
    expect(appErrorFromDatabase(Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:9009'), { code: 'ECONNREFUSED', syscall: 'connect' }))).toBeUndefined();
    expect(unreachableCause(Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' }))).toBeUndefined();
  });
});
