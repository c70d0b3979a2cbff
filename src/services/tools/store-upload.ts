import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileUpload } from 'graphql-upload-minimal';
import { AppError } from '../../errors/error-kinds';
import { rejectNulText } from '../../http/text-guard';
import type { StoredUpload } from './upload-items';

/** A file the REST shim already wrote into the upload store: taken as it is, not copied again. */
export interface LocalFileUpload extends FileUpload {
  localPath?: string;
}

/**
 * Puts a GraphQL upload into the upload store, refusing a file over the limit and a truncated one
 * (graphql-upload-minimal truncates silently at its own limit).
 */
export async function storeUpload(upload: Promise<LocalFileUpload> | LocalFileUpload, uploadStore: string, maxBytes: number): Promise<StoredUpload> {
  const file = await upload;
  // The name is stored as the dataset's: text with NUL (a GraphQL upload's filename) is refused.
  rejectNulText(file.filename, file.mimetype);
  const name = basename(file.filename || 'upload');
  const path = join(uploadStore, `upload-${randomBytes(12).toString('hex')}`);
  if (file.localPath) {
    // Taken over by a rename: the request's own cleanup removes the files no one took, and the
    // job that reads this one runs after the response.
    await rename(file.localPath, path);
    return { path, name, size: (await stat(path)).size };
  }
  let size = 0;
  let stream: NodeJS.ReadableStream;
  try {
    stream = file.createReadStream();
  } catch (error) {
    // graphql-upload-minimal refuses to hand out a stream it already cut at its size limit (413).
    if ((error as { status?: unknown }).status === 413) throw new AppError('RequestParameterInvalidException', `File '${name}' is larger than the limit of ${maxBytes} bytes.`);
    throw new AppError('RequestParameterInvalidException', `File '${name}' could not be received: ${error instanceof Error ? error.message : String(error)}`);
  }
  const tooLarge = () => new AppError('RequestParameterInvalidException', `File '${name}' is larger than the limit of ${maxBytes} bytes.`);
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? tooLarge() : null, chunk);
    },
  });
  // At its own limit the upload library cuts the file, emits 'limit' and unpipes the stream, which
  // would leave the pipeline waiting forever: the signal ends it instead.
  const aborter = new AbortController();
  let cut = false;
  stream.once('limit', () => {
    cut = true;
    aborter.abort();
  });
  try {
    await pipeline(stream, limit, createWriteStream(path), { signal: aborter.signal });
    if (cut || (stream as unknown as { truncated?: boolean }).truncated) throw tooLarge();
  } catch (error) {
    await rm(path, { force: true });
    if (cut) throw tooLarge();
    if (error instanceof AppError) throw error;
    throw new AppError('RequestParameterInvalidException', `File '${name}' could not be received: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { path, name, size };
}
