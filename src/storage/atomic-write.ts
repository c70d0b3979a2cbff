import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A sibling temp name: same directory, so the final rename is atomic. */
function tempPathFor(target: string): string {
  return `${target}.tmp-${randomBytes(6).toString('hex')}`;
}

async function fsyncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes `target` so that it either holds the whole content or does not exist: content goes to a
 * temp file, is synced, then renamed into place. A crash never leaves a half-written file.
 */
export async function writeAtomically(target: string, write: (tempPath: string) => Promise<void>): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const temp = tempPathFor(target);
  try {
    await write(temp);
    await fsyncFile(temp);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export function copyFileAtomically(source: string, target: string): Promise<void> {
  return writeAtomically(target, (temp) => copyFile(source, temp));
}

export function streamToFileAtomically(source: Readable, target: string): Promise<void> {
  return writeAtomically(target, (temp) => pipeline(source, createWriteStream(temp)));
}

/** Moves a file into place: a rename when possible, else an atomic copy then removal. */
export async function moveFileAtomically(source: string, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  try {
    await rename(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFileAtomically(source, target);
    await rm(source, { force: true });
  }
}
