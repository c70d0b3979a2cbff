import { EventEmitter } from 'node:events';
import { DatabaseOutage, followPool } from '../../../src/db/database-outage';
import type { Logger } from '../../../src/logging/logger';

/** A logger that keeps the messages it was given. */
function recordingLog(): { log: Logger; said: string[] } {
  const said: string[] = [];
  const keep = (_fields: unknown, message: string) => said.push(message);
  return { log: { warn: keep, info: keep, error: keep } as unknown as Logger, said };
}

/** The pool's events as tarn numbers them: each connection attempt has the next number. */
function fakePool(outage: DatabaseOutage) {
  const pool = new EventEmitter();
  followPool(pool as unknown as Parameters<typeof followPool>[0], outage);
  return {
    fail: (attempt: number) => pool.emit('createFail', attempt, Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    succeed: (attempt: number) => pool.emit('createSuccess', attempt, {}),
  };
}

describe('the database outage is said once when it starts and once when it ends', () => {
  it('says one line for many failed attempts and one when a connection is made again, and wakes who waits', () => {
    const { log, said } = recordingLog();
    const outage = new DatabaseOutage(log);
    const woken: number[] = [];
    outage.onRecovered(() => woken.push(1));
    const pool = fakePool(outage);
    pool.fail(1);
    pool.fail(2);
    pool.fail(3);
    expect(outage.isDown).toBe(true);
    pool.succeed(4);
    expect(outage.isDown).toBe(false);
    expect(said.filter((line) => line.startsWith('database unreachable'))).toHaveLength(1);
    expect(said.filter((line) => line === 'database reachable again')).toHaveLength(1);
    expect(woken).toHaveLength(1);
  });

  it('is not ended by an attempt that began before the failure that started it (a server shutting down)', () => {
    const { log, said } = recordingLog();
    const outage = new DatabaseOutage(log);
    const pool = fakePool(outage);
    // Attempts 5 and 6 are under way when the server stops: 6 fails first, 5 still gets its connection.
    pool.fail(6);
    pool.succeed(5);
    expect(outage.isDown).toBe(true);
    pool.fail(7);
    pool.succeed(8);
    expect(outage.isDown).toBe(false);
    expect(said.filter((line) => line.startsWith('database unreachable'))).toHaveLength(1);
    expect(said.filter((line) => line === 'database reachable again')).toHaveLength(1);
  });
});
