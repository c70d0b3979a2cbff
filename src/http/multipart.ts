import busboy from 'busboy';
import { isNoRoom, noRoomForUpload } from '../storage/storage-errors';
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { AppError } from '../errors/error-kinds';
import { callerText } from '../errors/caller-text';

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

/** Limits of one multipart body (beyond them the request is refused with a 400). */
export const MULTIPART_LIMITS = {
  /** File parts of one request. */
  files: 100,
  /** Non-file parts of one request. */
  fields: 1000,
  /** All field values together (pasted text is bounded like a form-encoded body). */
  fieldBytes: 10 * 1024 * 1024,
} as const;

export interface MultipartOptions {
  uploadStore: string;
  /** Largest file part. */
  maxFileBytes: number;
  /** How a field's text becomes its value in `req.body`. */
  decode: (value: string) => unknown;
}

const malformed = (detail: string) => new AppError('RequestParameterInvalidException', `Malformed multipart request: ${detail}`);

/** What busboy's own errors mean to the client (its messages are terse). */
function parserFailure(error: unknown): AppError {
  const message = error instanceof Error ? error.message : '';
  if (message === 'Unexpected end of form' || message === 'Unexpected end of file') return malformed('the body ends before its closing boundary.');
  if (message === 'Malformed part header') return malformed('a part header is invalid or longer than 16 KB.');
  return malformed('the body could not be read.');
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return length === undefined ? req.headers['transfer-encoding'] !== undefined : length !== '0';
}

/**
 * Parses a multipart body before identity is resolved (clients send `key` as a form field): fields
 * go to `req.body` (decoded by `decode`), files are streamed into the upload store. Every stream the
 * parser makes is listened to, so a truncated, malformed or oversized body (or a client that goes
 * away) ends in one 400, never in an unhandled stream error; files no route took, and the partial
 * files of a refused or interrupted upload, are removed when the response ends.
 */
export function parseMultipart(req: Request, res: Response, options: MultipartOptions): Promise<void> {
  const { uploadStore, maxFileBytes, decode } = options;
  return new Promise((resolve, reject) => {
    if (!hasBody(req)) {
      // A request that announces no body at all is an empty form, as an empty JSON body is `{}`.
      req.body = {};
      req.files = [];
      return resolve();
    }
    const body: Record<string, unknown> = {};
    const files: ReceivedFile[] = [];
    const writes: Promise<void>[] = [];
    const outputs: WriteStream[] = [];
    let failure: AppError | null = null;
    let fieldBytes = 0;
    const fail = (error: AppError) => {
      failure ??= error;
    };
    // Registered first, so that a client that goes away mid-upload leaves no partial file behind;
    // a file a route took over has been renamed by then (removing its old path does nothing).
    // Each file is removed once its write has closed (an open still under way would create it again).
    const removeFiles = async () => {
      await Promise.allSettled(writes);
      await Promise.all(files.map((file) => rm(file.path, { force: true }).catch(() => undefined)));
    };
    res.on('close', () => {
      for (const out of outputs) out.destroy();
      void removeFiles();
    });

    let parser: ReturnType<typeof busboy>;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: maxFileBytes, fieldSize: MULTIPART_LIMITS.fieldBytes, files: MULTIPART_LIMITS.files, fields: MULTIPART_LIMITS.fields },
      });
    } catch {
      // No boundary, or not a multipart type busboy knows: the body is drained so the answer arrives.
      req.resume();
      reject(malformed('the Content-Type has no boundary.'));
      return;
    }

    const interrupted = () => {
      if (req.complete) return;
      reject(new AppError('RequestParameterInvalidException', 'The upload was interrupted.'));
      req.unpipe(parser);
      // Ends the parser and its open file stream (both with errors, listened to below).
      parser.destroy();
    };
    req.on('close', interrupted);

    parser.on('field', (name: string | undefined, value: string, info: { valueTruncated: boolean }) => {
      if (failure || name === undefined) return;
      fieldBytes += Buffer.byteLength(value);
      if (info.valueTruncated || fieldBytes > MULTIPART_LIMITS.fieldBytes) {
        return fail(new AppError('RequestParameterInvalidException', `The form fields of the request are larger than ${MULTIPART_LIMITS.fieldBytes} bytes.`));
      }
      const decoded = decode(value);
      const previous = body[name];
      body[name] = previous === undefined ? decoded : [...(Array.isArray(previous) ? previous : [previous]), decoded];
    });

    parser.on('file', (field: string | undefined, stream: Readable, info: { filename?: string; mimeType: string }) => {
      // Whatever happens to this part, its stream's errors are ours (an unheard one ends the process).
      stream.on('error', (error) => fail(parserFailure(error)));
      if (failure || field === undefined) {
        stream.resume();
        return;
      }
      const path = join(uploadStore, `upload-${randomBytes(12).toString('hex')}`);
      const file: ReceivedFile = { field, filename: info.filename || field, mimetype: info.mimeType, path, size: 0 };
      files.push(file);
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
      });
      stream.on('limit', () => fail(new AppError('RequestParameterInvalidException', `File '${callerText(file.filename)}' is larger than the limit of ${maxFileBytes} bytes.`)));
      const write = new Promise<void>((done, failWrite) => {
        const out = createWriteStream(path);
        outputs.push(out);
        stream.pipe(out);
        // A part cut short never ends its file: the partial file is closed (and removed with the rest).
        stream.on('error', () => out.destroy());
        out.on('finish', done);
        out.on('close', done); // destroyed when the part or the client went away
        // A full disk is the server's trouble, told as such (503, no server path); the partial file goes with the rest.
        out.on('error', (error) => failWrite(isNoRoom(error) ? noRoomForUpload() : error));
      });
      // Awaited only when the form ends; a client gone before that fails the write (the file is
      // destroyed) with nobody awaiting yet: not an unhandled rejection.
      write.catch(() => undefined);
      writes.push(write);
    });

    parser.on('filesLimit', () => fail(new AppError('RequestParameterInvalidException', `The request holds more than ${MULTIPART_LIMITS.files} files.`)));
    parser.on('fieldsLimit', () => fail(new AppError('RequestParameterInvalidException', `The request holds more than ${MULTIPART_LIMITS.fields} form fields.`)));
    // Busboy may report several errors for one body (one per bad part header): all are listened to.
    // The first one ends the parse (the pipe from the request has let go of the parser by then):
    // destroying it closes its open file stream and emits 'close', which answers.
    parser.on('error', (error) => {
      fail(parserFailure(error));
      parser.destroy();
    });
    parser.on('close', () => {
      req.off('close', interrupted);
      // Whatever the parser left unread is drained, so that the client gets its answer.
      req.unpipe(parser);
      req.resume();
      // A refused body leaves no file behind by the time the client reads the answer.
      const refuse = async (error: unknown) => {
        await removeFiles();
        reject(error);
      };
      Promise.all(writes).then(
        () => {
          if (failure) return refuse(failure);
          req.body = body;
          req.files = files;
          resolve();
        },
        refuse,
      );
    });
    req.pipe(parser);
  });
}
