import { noteIfConnectionLost } from '../errors/database-errors';
import type { PoolAfterCreate } from './signals';

/**
 * Settings of every pooled connection to a PostgreSQL server. `jit = off`: listings of many rows
 * cross the planner's JIT cost threshold, and compiling their expressions took longer than running
 * them (`npm run bench:plans` at 100,000 rows: 0.5 to 1.4 s of JIT per request on pages, workflows
 * and library folders, against tens of milliseconds of execution without it).
 */
export const SERVER_SESSION_SETTINGS = 'set jit = off';

/** Sets the session's settings, and notes the connection's loss when the server ends it (src/errors/database-errors.ts). */
export const serverAfterCreate: PoolAfterCreate = (connection, done) => {
  connection.on('error', noteIfConnectionLost);
  connection.query(SERVER_SESSION_SETTINGS).then(
    () => done(null, connection),
    (error: Error) => done(error, connection),
  );
};
