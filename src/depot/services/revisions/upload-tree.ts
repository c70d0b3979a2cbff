import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ArchiveFormatError } from '../../../histories-archive/errors';
import { extractArchive } from '../../../histories-archive/safe-extract';
import { errors } from '../../../errors/error-kinds';

/** Directories and files a repository never keeps (other tools' bookkeeping, the platform's test output). */
const UNDESIRABLE_DIRS = new Set(['.hg', '.svn', '.git', '.cvs']);
const UNDESIRABLE_FILES = new Set(['.hg_archival.txt', 'hgrc', '.DS_Store', 'tool_test_output.html', 'tool_test_output.json']);

/** Members of an archive at most (a repository of tools, not a data set). */
const MAX_MEMBERS = 100_000;

/**
 * Unpacks an uploaded tarball into `dir`: only files, directories and links that stay inside, and
 * no more content than MAX_UPLOAD_BYTES; other tools' bookkeeping is dropped. Anything unsafe or
 * unreadable is the caller's bad input (400), and nothing is kept.
 */
export async function unpackUpload(archive: string, dir: string, maxBytes: number): Promise<void> {
  try {
    await extractArchive(archive, dir, { maxTotalBytes: maxBytes, maxMembers: MAX_MEMBERS, links: 'inside' });
  } catch (error) {
    if (error instanceof ArchiveFormatError) throw errors.invalid(error.message, { content_alert: '' });
    throw error;
  }
  await dropUndesirable(dir);
}

async function dropUndesirable(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (UNDESIRABLE_DIRS.has(entry.name)) await rm(path, { recursive: true, force: true });
      else await dropUndesirable(path);
    } else if (UNDESIRABLE_FILES.has(entry.name)) {
      await rm(path, { force: true });
    }
  }
}
