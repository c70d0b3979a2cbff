import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CarryOverError } from './carry-over-error';

/**
 * Checks that a directory is a PGlite cluster nobody is using, before anything reads it: it exists,
 * holds PostgreSQL's PG_VERSION, and no live process holds the lock the service takes beside it
 * (`<dir>.lock`, which the PGlite releases took). Answers the directory's absolute path.
 */
export function checkPgliteDirectory(dir: string): string {
  const path = resolve(dir);
  if (!existsSync(path)) throw new CarryOverError(`${path} does not exist: give the PGlite data directory (DATA_DIR/pgdata).`);
  if (!statSync(path).isDirectory()) throw new CarryOverError(`${path} is not a directory: give the PGlite data directory (DATA_DIR/pgdata).`);
  if (!existsSync(join(path, 'PG_VERSION'))) {
    const hint = existsSync(join(path, 'pgdata', 'PG_VERSION')) ? ` Did you mean ${join(path, 'pgdata')}?` : ' Give DATA_DIR/pgdata.';
    throw new CarryOverError(`${path} is not a PGlite data directory (it has no PG_VERSION file).${hint}`);
  }
  const version = readFileSync(join(path, 'PG_VERSION'), 'utf8').trim();
  if (!/^\d+$/.test(version)) throw new CarryOverError(`${path} is not a PGlite data directory (its PG_VERSION reads '${version.slice(0, 40)}').`);
  const holder = lockHolder(`${path}.lock`);
  if (holder !== null) throw new CarryOverError(`${path} is in use by process ${holder}: stop the service before carrying its database over.`);
  return path;
}

/** The live process holding a lock file, or null (no lock, or a stale one of a process that is gone). */
function lockHolder(lockPath: string): number | null {
  if (!existsSync(lockPath)) return null;
  const pid = Number(readFileSync(lockPath, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
