import { createHmac, timingSafeEqual } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { errors } from '../../../errors/error-kinds';

/**
 * Capsules are files of the depot's server, so where they are written (download_dir) and read
 * (capsule_file_name) is confined to DEPOT_CAPSULE_DIRS: a request never names any other path.
 */
export function insideCapsuleDirs(dirs: readonly string[], path: string): boolean {
  const real = realPath(path);
  return dirs.some((dir) => {
    const root = realPath(dir);
    return real === root || real.startsWith(root + sep);
  });
}

/**
 * The path with its links resolved (a link in a shared directory such as /tmp must not lead
 * elsewhere); a part that does not exist yet is kept as written under its resolved parent.
 */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realPath(parent), path.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)));
  }
}

export function capsuleDirectory(dirs: readonly string[], downloadDir: string): string {
  const dir = resolve(downloadDir);
  if (!insideCapsuleDirs(dirs, dir)) throw errors.invalid(`download_dir must lie under one of the depot's capsule directories (DEPOT_CAPSULE_DIRS): ${dirs.join(', ')}.`);
  return realPath(dir);
}

/** A capsule to import: relative names are read from the depot's own capsule directory. */
export function capsuleFile(dirs: readonly string[], ownDir: string, name: string): string {
  const path = isAbsolute(name) ? resolve(name) : resolve(ownDir, name);
  if (!insideCapsuleDirs(dirs, path)) throw errors.invalid(`capsule_file_name must lie under one of the depot's capsule directories (DEPOT_CAPSULE_DIRS): ${dirs.join(', ')}.`);
  return realPath(path);
}

/** The token of a capsule's download URL: its path, signed with the depot's id secret. */
export function capsuleToken(secret: string, path: string): string {
  const encoded = Buffer.from(path, 'utf8').toString('base64url');
  return `${encoded}.${createHmac('sha256', secret).update(path).digest('base64url')}`;
}

/** The path a token names, or null when it was not issued by this depot. */
export function capsulePathOf(secret: string, token: string): string | null {
  const [encoded, signature] = token.split('.');
  if (!encoded || !signature) return null;
  const path = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(createHmac('sha256', secret).update(path).digest('base64url'));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? path : null;
}
