import type { MikroORM } from '@mikro-orm/postgresql';
import { createLogger } from '../../../src/logging/logger';
import { ProcessHeartbeat } from '../../../src/services/server-status/process-heartbeat';

/**
 * A database of one table, `server_process`, whose writes the test lets through one by one: a
 * beat's write can be held while stop() runs, as a loaded server (or one coming back from an outage)
 * holds it.
 */
function fakeDatabase() {
  const rows = new Set<string>();
  const held: Array<() => void> = [];
  let holding = false;
  const execute = async (text: string, params: unknown[] = []): Promise<unknown[]> => {
    if (text.startsWith('insert into server_process')) {
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
      rows.add(String(params[0]));
    } else if (text.startsWith('delete from server_process where name')) rows.delete(String(params[0]));
    return [];
  };
  const orm = { em: { fork: () => ({ execute }) } } as unknown as MikroORM;
  return {
    orm,
    rows,
    hold: () => (holding = true),
    release: () => {
      holding = false;
      for (const resolve of held.splice(0)) resolve();
    },
    waiting: () => held.length,
  };
}

describe('the process heartbeat (server_process) stops for good', () => {
  afterEach(() => jest.useRealTimers());

  it('removes its row even when a beat is under way as it stops (the beat is waited for, not written after)', async () => {
    jest.useFakeTimers();
    const db = fakeDatabase();
    const heartbeat = new ProcessHeartbeat({ orm: db.orm, log: createLogger('silent'), intervalMs: 1000, localWorkers: 1 });
    await heartbeat.start();
    expect([...db.rows]).toEqual([heartbeat.name]);

    db.hold();
    jest.advanceTimersByTime(1000);
    await Promise.resolve();
    expect(db.waiting()).toBe(1);
    const stopped = heartbeat.stop();
    db.release();
    await stopped;
    expect([...db.rows]).toEqual([]);

    // And no beat after the stop writes it again.
    jest.advanceTimersByTime(5000);
    await Promise.resolve();
    expect([...db.rows]).toEqual([]);
  });
});
