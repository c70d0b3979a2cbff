import busboy from 'busboy';
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Request, Response } from 'express';
import { AppError } from '../errors/error-kinds';

/** A file part of a multipart request, already written to the upload store. */
export interface ReceivedFile {
  field: string;
  filename: string;
  mimetype: string;
  path: string;
  size: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    files?: ReceivedFile[];
  }
}

/**
 * Parses a multipart body before identity is resolved (clients send `key` as a form field): fields
 * go to `req.body` (JSON-text values decoded by the caller's rules), files are streamed into the
 * upload store. Files no route took are removed when the response ends.
 */
export function parseMultipart(req: Request, res: Response, uploadStore: string, maxFileBytes: number, decode: (value: string) => unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const body: Record<string, unknown> = {};
    const files: ReceivedFile[] = [];
    const writes: Promise<void>[] = [];
    const outputs: WriteStream[] = [];
    let failure: AppError | null = null;
    // Registered first, so that a client that goes away mid-upload leaves no partial file behind;
    // a file a route took over has been renamed by then (removing its old path does nothing).
    res.on('close', () => {
      for (const out of outputs) out.destroy();
      void Promise.all(files.map((file) => rm(file.path, { force: true })));
    });
    req.on('aborted', () => reject(new AppError('RequestParameterInvalidException', 'The upload was interrupted.')));
    let parser: ReturnType<typeof busboy>;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: maxFileBytes, fieldSize: 50 * 1024 * 1024 } });
    } catch {
      reject(new AppError('RequestParameterInvalidException', 'Malformed multipart request.'));
      return;
    }
    parser.on('field', (name, value) => {
      const decoded = decode(value);
      const previous = body[name];
      body[name] = previous === undefined ? decoded : [...(Array.isArray(previous) ? previous : [previous]), decoded];
    });
    parser.on('file', (field, stream, info) => {
      const path = join(uploadStore, `upload-${randomBytes(12).toString('hex')}`);
      const file: ReceivedFile = { field, filename: info.filename || field, mimetype: info.mimeType, path, size: 0 };
      files.push(file);
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
      });
      stream.on('limit', () => {
        failure = new AppError('RequestParameterInvalidException', `File '${file.filename}' is larger than the limit of ${maxFileBytes} bytes.`);
      });
      const write = new Promise<void>((done, fail) => {
        const out = createWriteStream(path);
        outputs.push(out);
        stream.pipe(out);
        out.on('finish', done);
        out.on('close', done); // destroyed when the client went away
        out.on('error', fail);
      });
      // Awaited only when the form ends; a client gone before that fails the write (the file is
      // destroyed) with nobody awaiting yet: not an unhandled rejection.
      write.catch(() => undefined);
      writes.push(write);
    });
    parser.on('error', () => {
      failure = new AppError('RequestParameterInvalidException', 'Malformed multipart request.');
    });
    parser.on('close', () => {
      Promise.all(writes)
        .then(() => {
          if (failure) return reject(failure);
          req.body = body;
          req.files = files;
          resolve();
        })
        .catch(reject);
    });
    req.pipe(parser);
  });
}
