import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The repository's root (this file is src/web-build/…). */
export const REPOSITORY_ROOT = join(__dirname, '..', '..');
export const WEB_DIR = join(REPOSITORY_ROOT, 'web');
export const WEB_DIST_DIR = join(WEB_DIR, 'dist');
const SCHEMA_FILE = join(REPOSITORY_ROOT, 'schema', 'schema.graphql');
const STAMP_FILE = join(WEB_DIST_DIR, '.build-stamp');

/** Folders and files of web/ that are outputs, not sources (the typings are generated from the schema). */
const NOT_SOURCES = new Set(['dist', 'node_modules', 'graphql-env.d.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !NOT_SOURCES.has(entry.name))
    .flatMap((entry) => (entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : []))
    .sort();
}

/** A hash of what the web build reads: the sources under web/ and the GraphQL schema. */
export function webSourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of [...sourceFiles(WEB_DIR), SCHEMA_FILE]) {
    hash.update(relative(REPOSITORY_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** True when web/dist is missing or was built from other sources than today's. */
export function isWebBuildStale(): boolean {
  if (!existsSync(STAMP_FILE) || !existsSync(join(WEB_DIST_DIR, 'index.html'))) return true;
  return readFileSync(STAMP_FILE, 'utf8').trim() !== webSourcesHash();
}

/** Records the sources a finished build was made from. */
export function writeWebBuildStamp(hash: string): void {
  writeFileSync(STAMP_FILE, `${hash}\n`);
}
