import { DriverException } from '@mikro-orm/core';
import { appErrorFromDatabase, noteIfConnectionLost } from '../../../src/errors/database-errors';

/** What the ORM throws for a statement of a transaction that had already ended. */
const transactionEnded = () => new DriverException(new Error('Transaction query already complete, run with DEBUG=knex:tx for more info'));

/**
 * A transaction whose connection the server ended (PostgreSQL shut down under a request) ends, and
 * its next statement meets knex's "Transaction query already complete": a 503 then, like the cut
 * connection itself. Without a lost connection the same words name a programming error: a 500.
 */
describe("a transaction cut by a lost connection is answered 503, knex's same words otherwise 500", () => {
  afterEach(() => jest.useRealTimers());

  // Each test's clock starts an hour after the last: a loss noted by another test of the same run is long past.
  let hour = 0;
  const later = () => Date.now() + (hour += 1) * 3_600_000 + 3_600_000 * 24;

  it('is an internal error when no connection of the process was lost', () => {
    jest.useFakeTimers({ now: later() });
    expect(appErrorFromDatabase(transactionEnded())).toBeUndefined();
  });

  it('is a 503 with a time to retry right after a pooled connection was ended by the server, and an internal error again 10 s later', () => {
    const now = later();
    jest.useFakeTimers({ now });
    noteIfConnectionLost(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    expect([appErrorFromDatabase(transactionEnded())?.status, appErrorFromDatabase(transactionEnded())?.kind]).toEqual([503, 'ServiceUnavailable']);
    jest.setSystemTime(now + 10_001);
    expect(appErrorFromDatabase(transactionEnded())).toBeUndefined();
  });

  it('does not count a connection error that is not a loss (a statement refused for its values)', () => {
    jest.useFakeTimers({ now: later() });
    noteIfConnectionLost(Object.assign(new Error('value too long'), { code: '22001' }));
    expect(appErrorFromDatabase(transactionEnded())).toBeUndefined();
  });
});
