/**
 * A field of a table (one entry, by its `value`) with the files it points at: the entry's `path`
 * and every file beside it whose name starts with it (an index and its companions), as the platform
 * lists them. Sizes and the fingerprint are read from the disk on each call.
 */
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, normalize, resolve } from 'node:path';

export interface TableFieldView {
  /** The entry's `value`. */
  name: string;
  /** The entry by column name. */
  fields: Record<string, string>;
  /** The directory the files are named relative to; a one-item list, as the platform writes it. */
  baseDir: string[];
  /** File name relative to the base directory → size in bytes. */
  files: Record<string, number>;
  /** SHA-1 over the sorted file names and sizes. */
  fingerprint: string;
}

async function statOrNull(path: string) {
  try {
    return await stat(path);
  } catch {
    return null;
  }
}

/** The entry's path made absolute (a relative one lies in the tool data directory) and normalised. */
function basePathOf(fields: Record<string, string>, toolDataPath: string): string | null {
  const path = fields.path;
  if (path === undefined || path === '') return null;
  return normalize(isAbsolute(path) ? path : resolve(toolDataPath, path));
}

/** Absolute path → size of the files the entry names (its path as a prefix, in the path's directory). */
async function filesOf(basePath: string): Promise<Map<string, number>> {
  const directory = dirname(basePath);
  const prefix = basename(basePath);
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return new Map();
  }
  const found = new Map<string, number>();
  for (const name of names.filter((entry) => entry.startsWith(prefix)).sort()) {
    const info = await statOrNull(join(directory, name));
    if (info) found.set(join(directory, name), info.size);
  }
  return found;
}

function relativeTo(baseDir: string, path: string): string {
  return path.startsWith(baseDir) ? path.slice(baseDir.length).replace(/^\/+/, '') : path;
}

function fingerprintOf(files: Record<string, number>): string {
  const sha1 = createHash('sha1');
  for (const name of Object.keys(files).sort()) {
    sha1.update(name);
    sha1.update(String(files[name]));
  }
  return sha1.digest('hex');
}

export async function tableFieldView(fields: Record<string, string>, toolDataPath: string): Promise<TableFieldView> {
  const basePath = basePathOf(fields, toolDataPath);
  const files: Record<string, number> = {};
  let baseDir: string[] = [];
  if (basePath !== null) {
    const dir = (await statOrNull(basePath))?.isDirectory() ? basePath : dirname(basePath);
    baseDir = [dir];
    for (const [path, size] of await filesOf(basePath)) files[relativeTo(dir, path)] = size;
  }
  return { name: fields.value ?? '', fields, baseDir, files, fingerprint: fingerprintOf(files) };
}

/**
 * The absolute path of one of the field's files, given as a name from its `files`; anything else
 * (another file, `..`, a directory) is null.
 */
export async function tableFieldFile(view: TableFieldView, name: string): Promise<string | null> {
  const baseDir = view.baseDir[0];
  if (baseDir === undefined || !Object.prototype.hasOwnProperty.call(view.files, name)) return null;
  const path = join(baseDir, name);
  if (relativeTo(baseDir, path) !== name) return null;
  return (await statOrNull(path))?.isFile() ? path : null;
}
