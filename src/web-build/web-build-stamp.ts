import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The repository's root (this file is src/web-build/…). */
export const REPOSITORY_ROOT = join(__dirname, '..', '..');
export const WEB_DIR = join(REPOSITORY_ROOT, 'web');
export const WEB_DIST_DIR = join(WEB_DIR, 'dist');
const SCHEMA_FILE = join(REPOSITORY_ROOT, 'schema', 'schema.graphql');
const STAMP_NAME = '.build-stamp';
const STAMP_FILE = join(WEB_DIST_DIR, STAMP_NAME);

/** Folders and files of web/ that are outputs, not sources (the typings are generated from the schema). */
const NOT_SOURCES = new Set(['dist', 'node_modules', 'graphql-env.d.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    // web/dist, and the directories a build fills before it becomes web/dist, are outputs.
    .filter((entry) => !NOT_SOURCES.has(entry.name) && !entry.name.startsWith('dist.'))
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

/** Records the sources a finished build (in web/dist, or a directory about to become it) was made from. */
export function writeWebBuildStamp(hash: string, distDir: string = WEB_DIST_DIR): void {
  writeFileSync(join(distDir, STAMP_NAME), `${hash}\n`);
}
