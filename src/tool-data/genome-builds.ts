import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A genome build a dataset's Database/Build may name: its dbkey and the description people pick it by. */
export interface GenomeBuild {
  dbkey: string;
  description: string;
}

/** The build of a dataset nobody set: always first in the list. */
export const UNSPECIFIED_BUILD: GenomeBuild = { dbkey: '?', description: 'unspecified (?)' };

/** Where 15.05 read its builds list (`builds_file_path`), relative to the tool data directory. */
export const BUILDS_FILE = join('shared', 'ucsc', 'builds.txt');

/**
 * The builds of a `builds.txt` (one `dbkey<TAB>description` a line, `#` comments), in the file's
 * order, the unspecified build first and once, each dbkey once (its first line wins).
 */
export function parseBuildsFile(text: string): GenomeBuild[] {
  const builds: GenomeBuild[] = [UNSPECIFIED_BUILD];
  const seen = new Set([UNSPECIFIED_BUILD.dbkey]);
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [dbkey, ...rest] = line.split('\t');
    const key = dbkey.trim();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    builds.push({ dbkey: key, description: rest.join(' ').trim() || key });
  }
  return builds;
}

/**
 * The installation's builds: the tool data directory's `shared/ucsc/builds.txt` when it has one,
 * else the list shipped with the project. Read once: the file is configuration, changed with a restart.
 */
export class GenomeBuilds {
  private builds: GenomeBuild[] | undefined;

  constructor(
    private readonly toolDataPath: string,
    private readonly shippedToolDataPath: string,
  ) {}

  list(): GenomeBuild[] {
    if (!this.builds) {
      const own = join(this.toolDataPath, BUILDS_FILE);
      const file = existsSync(own) ? own : join(this.shippedToolDataPath, BUILDS_FILE);
      this.builds = existsSync(file) ? parseBuildsFile(readFileSync(file, 'utf8')) : [UNSPECIFIED_BUILD];
    }
    return this.builds;
  }
}
