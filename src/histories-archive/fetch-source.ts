import { randomBytes } from 'node:crypto';
import { mkdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeUrl, downloadToFile, UrlFetchError } from '../http/url-fetch';
import { ArchiveSourceError } from './errors';
import { DEFAULT_MAX_ARCHIVE_BYTES } from './types';

export interface FetchArchiveOptions {
  /** The operator's directory archives may be imported from by path; null refuses paths. */
  importDir: string | null;
  /** Where downloads go. */
  tmpDir: string;
  /** Ceiling on a download (default 50 GiB). */
  maxBytes?: number;
  /** Lets URLs reach non-public addresses (ALLOW_PRIVATE_URL_FETCH); public addresses only by default. */
  allowPrivate?: boolean;
}

/** Prefix of downloaded archives in tmpDir, so a caller can tell them from the operator's files. */
export const DOWNLOAD_PREFIX = 'history-archive-download-';

function isInside(base: string, path: string): boolean {
  const rel = relative(base, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/**
 * A server path given by a user: it must resolve, after following every symlink, to a regular
 * file inside the import directory. Relative paths are taken from the import directory.
 */
async function resolveServerPath(path: string, importDir: string | null): Promise<string> {
  if (importDir === null) {
    throw new ArchiveSourceError('Importing archives from server paths is not enabled on this server');
  }
  let base: string;
  try {
    base = await realpath(importDir);
  } catch {
    throw new ArchiveSourceError('The import directory of this server is not available');
  }
  const candidate = resolve(base, path);
  // Checked before touching the file system, so paths elsewhere cannot be probed for existence.
  if (!isInside(base, candidate) && !isInside(resolve(importDir), candidate)) {
    throw new ArchiveSourceError(`Archive path "${path}" is outside the import directory`);
  }
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    throw new ArchiveSourceError(`Archive path "${path}" was not found in the import directory`);
  }
  if (!isInside(base, real)) throw new ArchiveSourceError(`Archive path "${path}" is outside the import directory`);
  if (!(await stat(real)).isFile()) throw new ArchiveSourceError(`Archive path "${path}" is not a file`);
  return real;
}

async function download(url: URL, options: FetchArchiveOptions): Promise<string> {
  const label = describeUrl(url);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_ARCHIVE_BYTES;
  await mkdir(options.tmpDir, { recursive: true });
  const target = join(options.tmpDir, `${DOWNLOAD_PREFIX}${randomBytes(8).toString('hex')}`);
  try {
    await downloadToFile(url, target, { policy: { allowPrivate: options.allowPrivate ?? false }, maxBytes, exclusive: true, mode: 0o600 });
  } catch (error) {
    if (!(error instanceof UrlFetchError)) throw error;
    if (error.kind === 'status') throw new ArchiveSourceError(`Downloading ${label} failed with HTTP status ${error.status ?? 0}`);
    if (error.kind === 'too-large') throw new ArchiveSourceError(`The archive at ${label} is larger than ${maxBytes} bytes`);
    if (error.kind === 'refused') throw new ArchiveSourceError(`Downloading ${label} was refused: ${error.message}`);
    throw new ArchiveSourceError(`Could not download ${label}: ${error.message}`);
  }
  return target;
}

/**
 * A local file holding the archive named by `source`: an http(s) URL is downloaded (streamed) to
 * a new file in tmpDir, which the caller deletes when done; a `file://` URL or a plain path must
 * lie inside importDir and is returned in place (resolved, never to be deleted).
 */
export async function fetchArchiveSource(source: string, options: FetchArchiveOptions): Promise<string> {
  if (source === '') throw new ArchiveSourceError('No archive source was given');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(source)?.[1]?.toLowerCase();
  if (scheme === undefined) return resolveServerPath(source, options.importDir);
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw new ArchiveSourceError('The archive source is not a valid URL');
  }
  if (scheme === 'http' || scheme === 'https') return download(url, options);
  if (scheme === 'file') {
    let path: string;
    try {
      path = fileURLToPath(url);
    } catch {
      throw new ArchiveSourceError('The file:// URL must name a local path');
    }
    return resolveServerPath(path, options.importDir);
  }
  throw new ArchiveSourceError(`Archive sources must be http(s):// URLs or paths; "${scheme}:" is not supported`);
}
