import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../logging/logger';
import { SERVICE_VERSION } from './service-version';

export interface ProcessHeartbeatOptions {
  orm: MikroORM;
  log: Logger;
  /** How often the row is renewed (JOB_HEARTBEAT_MS). */
  intervalMs: number;
  /** This process's local job workers (0: it runs no jobs). */
  localWorkers: number;
}

/** A process silent this long is forgotten (its row removed by any other process's beat). */
const FORGOTTEN_AFTER = "interval '1 hour'";

/**
 * This server process in `server_process`, so the Server screen lists every process of the database
 * with its latest heartbeat: a row written at start, renewed every interval, removed at a clean stop.
 * Its name starts with `<host>:<pid>:`, as the claims of its job and task runners do.
 */
export class ProcessHeartbeat {
  readonly host = hostname();
  readonly name = `${this.host}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  /** The beat under way, if any: stop() waits for it, or its write could land after the row's removal. */
  private beating: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: ProcessHeartbeatOptions) {}

  async start(): Promise<void> {
    await this.beatOnce();
    this.timer = setInterval(() => void this.beatOnce(), Math.max(1000, this.options.intervalMs));
    this.timer.unref();
  }

  /**
   * Stops the beats and removes the row. A beat still under way is waited for first: finishing after
   * the removal, it wrote the row back, and a stopped process was listed as running for the stale
   * interval (seen in CI: a test's process, closed a minute earlier, on the Server screen).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await this.options.orm.em
      .fork()
      .execute('delete from server_process where name = ?', [this.name])
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'could not remove this process from server_process'));
  }

  /** One beat, unless stopped; one at a time (a beat slower than the interval is not overlapped). */
  private beatOnce(): Promise<void> {
    if (this.stopped || this.beating) return this.beating ?? Promise.resolve();
    this.beating = this.beat().finally(() => {
      this.beating = null;
    });
    return this.beating;
  }

  private async beat(): Promise<void> {
    try {
      const em = this.options.orm.em.fork();
      await em.execute(
        `insert into server_process (name, host, pid, started_at, heartbeat_time, service_version, local_workers)
         values (?, ?, ?, ?, now(), ?, ?)
         on conflict (name) do update set heartbeat_time = now()`,
        [this.name, this.host, process.pid, new Date(Date.now() - process.uptime() * 1000), SERVICE_VERSION, this.options.localWorkers],
      );
      await em.execute(`delete from server_process where heartbeat_time < now() - ${FORGOTTEN_AFTER}`);
    } catch (error) {
      this.options.log.warn({ err: error }, 'process heartbeat failed');
    }
  }
}
