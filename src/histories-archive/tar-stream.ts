import * as tar from 'tar';

/** Blocks of a tar archive, enough to stream regular files without staging them on disk. */

const BLOCK_SIZE = 512;

export interface TarFileMember {
  path: string;
  size: number;
  mtime: Date;
}

/**
 * The header of a regular file member. ustar holds paths up to 255 bytes and sizes under 8 GiB;
 * beyond that a pax header goes first (what GNU tar and Python's tarfile read).
 */
export function fileHeader(member: TarFileMember): Buffer {
  const header = new tar.Header({
    path: member.path,
    mode: 0o644,
    uid: 0,
    gid: 0,
    uname: '',
    gname: '',
    size: member.size,
    mtime: member.mtime,
    type: 'File',
  });
  const block = Buffer.alloc(BLOCK_SIZE);
  header.encode(block);
  if (!header.needPax) return block;
  const pax = new tar.Pax({ path: member.path, size: member.size, mtime: member.mtime }).encode();
  return Buffer.concat([pax, block]);
}

/** Zeros that round a member's body up to a whole block. */
export function bodyPadding(size: number): Buffer {
  const rest = size % BLOCK_SIZE;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK_SIZE - rest);
}

/** Two zero blocks close a tar archive. */
export function endOfArchive(): Buffer {
  return Buffer.alloc(BLOCK_SIZE * 2);
}
