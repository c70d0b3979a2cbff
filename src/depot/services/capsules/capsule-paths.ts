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

/** The longest file name and path the file systems the depot runs on accept (NAME_MAX, PATH_MAX). */
const NAME_MAX = 255;
const PATH_MAX = 4095;

/** Why a path a caller gave can name no file ('' when it can): too long as a whole or in one component. */
function pathLengthProblem(parameter: string, path: string): string {
  if (Buffer.byteLength(path) > PATH_MAX) return `${parameter} is longer than ${PATH_MAX} bytes.`;
  if (path.split('/').some((part) => Buffer.byteLength(part) > NAME_MAX)) return `${parameter} has a path component longer than ${NAME_MAX} bytes.`;
  return '';
}

const outside = (parameter: string, dirs: readonly string[]) =>
  errors.invalid(`${parameter} must lie under one of the depot's capsule directories (DEPOT_CAPSULE_DIRS): ${dirs.join(', ')}.`);

/** Where an export goes when no download_dir is given: /tmp (the contract's default) when allowed, else the first capsule directory. */
export function defaultCapsuleDirectory(dirs: readonly string[]): string {
  return insideCapsuleDirs(dirs, '/tmp') ? '/tmp' : (dirs[0] ?? '/tmp');
}

/**
 * The directory a `download_dir` names, links resolved: an absolute path (a relative one, or a URL
 * such as `file:///…`, would depend on the server's working directory) under DEPOT_CAPSULE_DIRS.
 */
export function capsuleDirectory(dirs: readonly string[], downloadDir: string): string {
  if (!isAbsolute(downloadDir)) throw errors.invalid(`download_dir must be an absolute path under one of the depot's capsule directories (DEPOT_CAPSULE_DIRS): ${dirs.join(', ')}.`);
  const tooLong = pathLengthProblem('download_dir', downloadDir);
  if (tooLong) throw errors.invalid(tooLong);
  const dir = resolve(downloadDir);
  if (!insideCapsuleDirs(dirs, dir)) throw outside('download_dir', dirs);
  return realPath(dir);
}

/** Whether a directory is one of DEPOT_CAPSULE_DIRS itself (the operator named it: the depot may create it). */
export function isCapsuleRoot(dirs: readonly string[], dir: string): boolean {
  return dirs.some((root) => realPath(root) === dir);
}

/** A capsule to import: relative names are read from the depot's own capsule directory. */
export function capsuleFile(dirs: readonly string[], ownDir: string, name: string): string {
  const tooLong = pathLengthProblem('capsule_file_name', name);
  if (tooLong) throw errors.invalid(tooLong);
  const path = isAbsolute(name) ? resolve(name) : resolve(ownDir, name);
  if (!insideCapsuleDirs(dirs, path)) throw outside('capsule_file_name', dirs);
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
