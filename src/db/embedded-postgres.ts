import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** PGlite (real PostgreSQL in WASM) served on a unix socket, so the ordinary pg driver can use it. */
export interface EmbeddedPostgres {
  socketDir: string;
  stop(): Promise<void>;
}

export class DataDirectoryLockedError extends Error {}

/** PGlite does not lock its directory; two processes on one directory would silently diverge. */
function takeLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8').trim());
      if (holder && holder !== process.pid && processAlive(holder)) {
        throw new DataDirectoryLockedError(
          `The embedded database in ${lockPath.replace(/\.lock$/, '')} is in use by process ${holder}. ` +
            'Stop it, or set DATABASE_URL to share a PostgreSQL server between processes.',
        );
      }
      rmSync(lockPath, { force: true }); // stale lock of a process that is gone
    }
  }
  throw new DataDirectoryLockedError(`Could not lock ${lockPath}`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Starts PGlite on `dataDir` (or in memory when undefined). */
export async function startEmbeddedPostgres(dataDir: string | undefined): Promise<EmbeddedPostgres> {
  let releaseLock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = takeLock(`${dataDir}.lock`);
  }
  try {
    const db = await PGlite.create(dataDir ? { dataDir } : {});
    // PostgreSQL logs the statement of each error; PGlite writes its log one character at a time
    // through JavaScript, which for a statement holding a request's long text (a 9 MB name refused
    // as too long) took seconds of the process's time. Its errors still reach the client in full.
    await db.exec('set log_min_error_statement = panic');
    const socketDir = mkdtempSync(join(tmpdir(), 'pglite-'));
    const server = new PGLiteSocketServer({ db, path: join(socketDir, '.s.PGSQL.5432'), maxConnections: 8 });
    await server.start();
    return {
      socketDir,
      async stop() {
        await server.stop();
        await db.close();
        rmSync(socketDir, { recursive: true, force: true });
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
