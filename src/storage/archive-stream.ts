import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { ZipFile } from 'yazl';
import { bodyPadding, endOfArchive, fileHeader } from '../histories-archive/tar-stream';

/** Archives offered for downloads: zip (deflated), tar + gzip, tar + bzip2 (the `bzip2` program). */
export type ArchiveFormat = 'zip' | 'tgz' | 'tbz';

/** One file of an archive: where it lies on disk and its path inside the archive. */
export interface ArchiveEntry {
  path: string;
  file: string;
  mtime: Date;
}

/**
 * Streams an archive of files, reading each file only when its turn comes: nothing is staged on
 * disk nor held in memory beyond the streams' buffers. A read error (a file removed meanwhile)
 * destroys the returned stream with that error.
 */
export function archiveStream(format: ArchiveFormat, entries: ArchiveEntry[]): Readable {
  if (format === 'zip') return zipStream(entries);
  return format === 'tgz' ? tarGzStream(entries) : tarBz2Stream(entries);
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

function zipStream(entries: ArchiveEntry[]): Readable {
  const zip = new ZipFile();
  const out = new PassThrough();
  const output = zip.outputStream as PassThrough;
  zip.on('error', (error: Error) => out.destroy(error));
  output.on('error', (error: Error) => out.destroy(error));
  // A client that went away: stop producing (yazl's file streams stall on the destroyed output).
  out.on('close', () => output.destroy());
  output.pipe(out);
  for (const entry of entries) zip.addFile(entry.file, entry.path, { mtime: entry.mtime, compress: true });
  zip.end();
  return out;
}

/** Tar members, each sized by the file as it is when its header is written (and read to exactly that size). */
async function* tarMembers(entries: ArchiveEntry[]): AsyncGenerator<Buffer> {
  for (const entry of entries) {
    const handle = await open(entry.file, 'r');
    try {
      const { size } = await handle.stat();
      yield fileHeader({ path: entry.path, size, mtime: entry.mtime });
      let sent = 0;
      if (size > 0) {
        for await (const chunk of createReadStream('', { fd: handle, autoClose: false, start: 0, end: size - 1 })) {
          const bytes = chunk as Buffer;
          sent += bytes.length;
          yield bytes;
        }
      }
      if (sent !== size) throw new Error(`${entry.file} changed while it was archived.`);
      yield bodyPadding(size);
    } finally {
      await handle.close();
    }
  }
  yield endOfArchive();
}

function tarGzStream(entries: ArchiveEntry[]): Readable {
  const out = new PassThrough();
  pipeline(Readable.from(tarMembers(entries)), createGzip(), out).catch((error: unknown) => out.destroy(asError(error)));
  return out;
}

/** tar through `bzip2 -c` (Node has no bzip2 of its own); the archive ends only once bzip2 exited cleanly. */
function tarBz2Stream(entries: ArchiveEntry[]): Readable {
  const out = new PassThrough();
  const child = spawn('bzip2', ['-c'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const fail = (error: unknown) => {
    child.kill();
    out.destroy(asError(error));
  };
  child.on('error', fail);
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  Promise.all([pipeline(Readable.from(tarMembers(entries)), child.stdin), pipeline(child.stdout, out, { end: false }), exited])
    .then(([, , code]) => (code === 0 ? out.end() : fail(new Error(`bzip2 exited with code ${String(code)}`))))
    .catch(fail);
  return out;
}

/** Whether `bzip2` can be run here (tbz downloads need it). */
let bzip2Available: Promise<boolean> | undefined;
export function canBzip2(): Promise<boolean> {
  bzip2Available ??= new Promise((resolve) => {
    const child = spawn('bzip2', ['--help'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', () => resolve(true));
  });
  return bzip2Available;
}
