import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, lstat, mkdir, open, realpath, symlink } from 'node:fs/promises';
import { dirname, posix, resolve, sep } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar';
import { ArchiveFormatError } from './errors';

export interface ExtractLimits {
  /** Ceiling on the sum of the members' sizes. */
  maxTotalBytes: number;
  maxMembers: number;
  /**
   * Links: refused (the default), or kept when they point inside the archive (symbolic links
   * relative to their own directory, hard links to another member); links pointing outside are
   * refused either way.
   */
  links?: 'refuse' | 'inside';
}

/**
 * The member's path relative to the extraction root ('' for the root itself). Refuses what could
 * land outside the root: absolute paths and `..` segments. Backslashes are refused too, since
 * other tools read them as separators.
 */
export function safeMemberPath(raw: string): string {
  if (raw.includes('\0') || raw.includes('\\')) {
    throw new ArchiveFormatError(`Archive member "${raw}" has an unsupported character in its path`);
  }
  if (raw.startsWith('/')) throw new ArchiveFormatError(`Archive member "${raw}" has an absolute path`);
  const parts = raw.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw new ArchiveFormatError(`Archive member "${raw}" points outside the archive`);
  return parts.join('/');
}

/** Resolves a safe relative path under root, checking once more that it stays inside. */
export function pathInside(root: string, relative: string): string {
  const absolute = resolve(root, relative);
  if (absolute !== root && !absolute.startsWith(root + sep)) {
    throw new ArchiveFormatError(`Archive member "${relative}" points outside the archive`);
  }
  return absolute;
}

async function hasGzipMagic(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

type MemberKind = 'file' | 'directory' | 'symlink' | 'hardlink';

/** Per member: its header, a pax header and block padding, generously. */
const HEADER_ALLOWANCE = 8 * 1024;
/** End blocks, record padding and the chunk in flight. */
const SLACK_ALLOWANCE = 1024 * 1024;

function memberKind(entry: tar.ReadEntry, links: 'refuse' | 'inside'): MemberKind {
  switch (entry.type) {
    case 'File':
    case 'OldFile':
    case 'ContiguousFile':
      return 'file';
    case 'Directory':
      return 'directory';
    case 'SymbolicLink':
    case 'Link':
      if (links === 'inside') return entry.type === 'Link' ? 'hardlink' : 'symlink';
      throw new ArchiveFormatError(`Archive member "${entry.path}" is a link; links are not allowed`);
    case 'CharacterDevice':
    case 'BlockDevice':
    case 'FIFO':
      throw new ArchiveFormatError(
        `Archive member "${entry.path}" is a device or FIFO; only files and directories are allowed`,
      );
    default:
      throw new ArchiveFormatError(`Archive member "${entry.path}" has an unsupported type (${entry.type})`);
  }
}

/** Archive-structure conflicts (a file where a directory is, ...) are format errors, not server ones. */
function asExtractionError(error: unknown, member: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST') {
    return new ArchiveFormatError(`Archive member "${member}" conflicts with another member`);
  }
  return error;
}

function writeEntry(entry: tar.ReadEntry, target: string): Promise<void> {
  return new Promise<void>((done, failed) => {
    const out = createWriteStream(target);
    out.on('error', failed);
    out.on('close', () => done());
    entry.pipe(out);
  });
}

/**
 * Where a symbolic link of member `relative` points, as a path from the root; refused when it
 * leaves the archive (an absolute target, or `..` beyond the root). `..` may only lead the target:
 * after a name (which may itself be a link) it would climb from wherever that link goes.
 */
export function linkTargetInside(relative: string, target: string): string {
  const outside = () => new ArchiveFormatError(`Archive member "${relative}" links outside the archive`);
  if (target === '' || target.includes('\0') || target.includes('\\') || target.startsWith('/')) throw outside();
  const segments = target.split('/').filter((segment) => segment !== '' && segment !== '.');
  const firstName = segments.findIndex((segment) => segment !== '..');
  if (firstName >= 0 && segments.slice(firstName).includes('..')) throw outside();
  const resolved = posix.normalize(posix.join(posix.dirname(relative), target));
  if (resolved === '..' || resolved.startsWith('../') || resolved.startsWith('/')) {
    throw new ArchiveFormatError(`Archive member "${relative}" links outside the archive`);
  }
  return resolved;
}

/** A link kept for the end: made once every file is written, so no write ever goes through one. */
interface PendingLink {
  relative: string;
  kind: 'symlink' | 'hardlink';
  /** The symbolic link's text, or the hard link's member path. */
  target: string;
}

/** Writes members into the root as the parser hands them over, enforcing the limits first. */
class Extraction {
  private readonly links: PendingLink[] = [];
  private members = 0;
  private totalBytes = 0;
  private readonly pending: Promise<void>[] = [];
  /** Last write per path: a repeated member (the platform named members after datasets) overwrites in order. */
  private readonly lastWrite = new Map<string, Promise<void>>();

  constructor(
    private readonly root: string,
    private readonly limits: ExtractLimits,
    private readonly fail: (error: unknown) => void,
  ) {}

  count(size: number): void {
    this.members += 1;
    if (this.members > this.limits.maxMembers) {
      throw new ArchiveFormatError(`The archive has more than ${this.limits.maxMembers} members`);
    }
    this.totalBytes += size;
    if (this.totalBytes > this.limits.maxTotalBytes) {
      throw new ArchiveFormatError(`The archive's content exceeds the limit of ${this.limits.maxTotalBytes} bytes`);
    }
  }

  accept(entry: tar.ReadEntry): void {
    const relative = safeMemberPath(entry.path);
    const kind = memberKind(entry, this.limits.links ?? 'refuse');
    this.count(kind === 'file' ? entry.size : 0);
    if (relative === '') {
      if (kind !== 'directory') throw new ArchiveFormatError('An archive member has an empty path');
      entry.resume();
      return;
    }
    if (kind === 'symlink' || kind === 'hardlink') {
      const linkpath = String(entry.linkpath ?? '');
      if (kind === 'symlink') linkTargetInside(relative, linkpath);
      const target = kind === 'symlink' ? linkpath : safeMemberPath(linkpath);
      if (kind === 'hardlink' && target === '') throw new ArchiveFormatError(`Archive member "${relative}" links outside the archive`);
      this.links.push({ relative, kind, target });
      entry.resume();
      return;
    }
    const target = pathInside(this.root, relative);
    let work: Promise<unknown>;
    if (kind === 'directory') {
      entry.resume();
      work = mkdir(target, { recursive: true });
    } else {
      work = this.writeFile(entry, target);
    }
    this.pending.push(
      work.then(
        () => undefined,
        (error: unknown) => this.fail(asExtractionError(error, relative)),
      ),
    );
  }

  private async writeFile(entry: tar.ReadEntry, target: string): Promise<void> {
    const previous = this.lastWrite.get(target);
    const write = (async () => {
      if (previous) await previous.catch(() => undefined);
      await mkdir(dirname(target), { recursive: true });
      await writeEntry(entry, target);
    })();
    this.lastWrite.set(target, write);
    await write;
  }

  /**
   * Bytes the parser may have been fed so far: the members' bodies plus room for headers and
   * padding. More means data nothing accounts for (say a gzip bomb after the end blocks), which
   * would otherwise be decompressed however large it is.
   */
  allowance(): number {
    return this.totalBytes + (this.members + 1) * HEADER_ALLOWANCE + SLACK_ALLOWANCE;
  }

  async settled(): Promise<void> {
    await Promise.all(this.pending);
  }

  /** Makes the links, last: a symbolic link as its text, a hard link as a copy of its (regular file) member. */
  async makeLinks(): Promise<void> {
    for (const link of this.links) {
      const path = pathInside(this.root, link.relative);
      await mkdir(dirname(path), { recursive: true });
      try {
        if (link.kind === 'symlink') {
          // Its directory must be a real one: climbing from a linked directory could leave the root.
          if ((await realpath(dirname(path))) !== dirname(path)) throw new ArchiveFormatError(`Archive member "${link.relative}" lies under another link`);
          await symlink(link.target, path);
        } else {
          const source = pathInside(this.root, link.target);
          const stat = await lstat(source).catch(() => null);
          if (!stat?.isFile()) throw new ArchiveFormatError(`Archive member "${link.relative}" links to "${link.target}", which is not a file of the archive`);
          await copyFile(source, path);
        }
      } catch (error) {
        throw asExtractionError(error, link.relative);
      }
    }
  }
}

/**
 * Extracts a tar or tar.gz archive (told apart by the gzip magic bytes) into `workDir`, refusing
 * unsafe members (absolute or `..` paths, links, devices) and archives beyond the limits.
 * Members are streamed to disk; nothing is held in memory. `workDir` should be a fresh directory.
 */
export async function extractArchive(archivePath: string, workDir: string, limits: ExtractLimits): Promise<void> {
  await mkdir(workDir, { recursive: true });
  const root = await realpath(workDir);
  const gzip = await hasGzipMagic(archivePath);

  let firstError: unknown;
  let settle: (error?: unknown) => void = () => undefined;
  const finished = new Promise<void>((resolvePromise, rejectPromise) => {
    settle = (error) => (error === undefined ? resolvePromise() : rejectPromise(error));
  });
  // Rejections reach the caller through firstError; this keeps them from going unhandled.
  finished.catch(() => undefined);

  const parser = new tar.Parser({ strict: true });
  let fed = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      fed += chunk.length;
      if (fed > extraction.allowance()) {
        fail(new ArchiveFormatError('The archive holds more data than its members declare'));
        return;
      }
      if (parser.write(chunk)) callback();
      else parser.once('drain', () => callback());
    },
    final(callback) {
      parser.end();
      finished.then(
        () => callback(),
        (error: unknown) => callback(error as Error),
      );
    },
  });
  const fail = (error: unknown): void => {
    if (firstError !== undefined) return;
    firstError = error;
    settle(error);
    sink.destroy(error as Error);
  };
  const extraction = new Extraction(root, limits, fail);

  parser.on('entry', (entry: tar.ReadEntry) => {
    if (firstError !== undefined) {
      entry.resume();
      return;
    }
    try {
      extraction.accept(entry);
    } catch (error) {
      entry.resume();
      fail(error);
    }
  });
  // The parser skips entry types it cannot represent; skipping would hide part of the archive.
  parser.on('ignoredEntry', (entry: tar.ReadEntry) => {
    fail(new ArchiveFormatError(`Archive member "${entry.path}" has an unsupported type (${entry.type})`));
  });
  parser.on('error', (error: Error) => fail(new ArchiveFormatError(`Not a valid tar archive: ${error.message}`)));
  parser.on('end', () => {
    extraction.settled().then(() => settle(), fail);
  });

  try {
    const input = createReadStream(archivePath);
    if (gzip) await pipeline(input, createGunzip(), sink);
    else await pipeline(input, sink);
  } catch (error) {
    if (firstError !== undefined) throw firstError;
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code.startsWith('Z_')) {
      throw new ArchiveFormatError(`The archive's gzip data is corrupt: ${(error as Error).message}`);
    }
    throw error;
  }
  if (firstError !== undefined) throw firstError;
  await extraction.makeLinks();
}
