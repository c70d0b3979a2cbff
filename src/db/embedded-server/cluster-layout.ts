import { join } from 'node:path';

/** Where the embedded server keeps its files, all under DATA_DIR. */
export interface ClusterLayout {
  dataDir: string;
  /** The cluster (PGDATA). */
  clusterDir: string;
  /** The server's Unix socket lives here (`.s.PGSQL.5432`); null when the path would be too long for a socket. */
  socketDir: string | null;
  /** The password of the `postgres` role, generated at initialisation (mode 0600). */
  passwordFile: string;
  /** The server's log (its stdout and stderr). */
  logFile: string;
  /** Serialises initialise, start and stop between processes. */
  lockFile: string;
  /** A cluster being initialised; renamed to clusterDir when complete. */
  initDir(pid: number): string;
}

/** Unix socket paths are limited to 104 bytes on macOS and 108 on Linux (terminating NUL included). */
const SOCKET_PATH_LIMIT = 103;
export const SOCKET_NAME = '.s.PGSQL.5432';

export function clusterLayout(dataDir: string): ClusterLayout {
  const socketDir = join(dataDir, 'postgres-socket');
  const fits = Buffer.byteLength(join(socketDir, SOCKET_NAME)) <= SOCKET_PATH_LIMIT && process.platform !== 'win32';
  return {
    dataDir,
    clusterDir: join(dataDir, 'postgres'),
    socketDir: fits ? socketDir : null,
    passwordFile: join(dataDir, 'postgres-password'),
    logFile: join(dataDir, 'postgres.log'),
    lockFile: join(dataDir, 'postgres.lock'),
    initDir: (pid) => join(dataDir, `postgres.init-${pid}`),
  };
}
