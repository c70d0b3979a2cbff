import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A server process and its heartbeat (src/services/server-status/process-heartbeat.ts): written at
 * its start and every JOB_HEARTBEAT_MS, removed when it stops cleanly; one that died is shown stale,
 * then forgotten after an hour. Its `name` (`<host>:<pid>:<tag>`) shares `<host>:<pid>:` with the
 * claims its job and task runners hold. Written only by raw statements.
 */
@Entity({ tableName: 'server_process' })
export class ServerProcess {
  @PrimaryKey({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  host!: string;

  @Property({ type: 'integer' })
  pid!: number;

  @Property({ type: 'datetime', length: 6 })
  startedAt!: Date;

  @Property({ type: 'datetime', length: 6 })
  heartbeatTime!: Date;

  @Property({ type: 'text' })
  serviceVersion!: string;

  @Property({ type: 'integer', default: 0 })
  localWorkers!: number;
}
