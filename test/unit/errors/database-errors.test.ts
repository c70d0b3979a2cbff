import { appErrorFromDatabase } from '../../../src/errors/database-errors';

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

  it('leaves other failures (a lost connection, a deadlock) to be answered as internal errors', () => {
    for (const code of ['08006', '40P01', '53200', '57014']) expect(appErrorFromDatabase(Object.assign(new Error('x'), { code }))).toBeUndefined();
  });
});
