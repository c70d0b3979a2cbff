import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { errors } from '../../errors/error-kinds';
import { LruMemo } from '../shared';
import { safeHtml } from '../shared';

/**
 * Sanitized html datasets this process served lately (up to 4 MB each, 32 MB in all), by file, size
 * and modification time: a dataset's file does not change once written, so its sanitized form is
 * computed once per process however often it is displayed.
 */
const memo = new LruMemo<Buffer>((_key, body) => body.length, 4 * 1024 * 1024, 32 * 1024 * 1024);

/** At most the first `maxBytes` bytes of a file. */
async function readAtMost(path: string, maxBytes: number): Promise<Buffer> {
  if (maxBytes <= 0) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(path, { start: 0, end: maxBytes - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * An html dataset as the display routes serve it when SANITIZE_ALL_HTML is on: read as UTF-8 (at most
 * `maxBytes`: the delivery rules send larger files as text/plain, this bounds a file that grew since)
 * and reduced to inert markup by the one sanitizer (`shared/safe-html.ts`). Measured on this machine:
 * about 40 ms a megabyte of text-heavy reports, about 450 ms a megabyte of nothing but tags, which is
 * why SANITIZE_HTML_MAX_BYTES bounds it (2 MB by default).
 */
export async function sanitizedHtmlOf(path: string, maxBytes: number): Promise<Buffer> {
  try {
    const { size, mtimeMs } = await stat(path);
    return await memo.getOrCompute(`${path}\0${size}\0${mtimeMs}\0${maxBytes}`, async () => Buffer.from(safeHtml((await readAtMost(path, maxBytes)).toString('utf8')), 'utf8'));
  } catch (error) {
    // A file gone since the display route's checks (purged meanwhile) is not found, as sendFile answers it.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw errors.notFound('The dataset file was not found.');
    throw error;
  }
}
