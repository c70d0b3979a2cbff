import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { AppError } from '../../../src/errors/error-kinds';
import { sanitizedHtmlOf } from '../../../src/services/datasets';
import { setFileAnswerHeaders } from '../../core/file-answer-headers';
import { route } from '../../core/route';

interface FileData {
  datasetFile: { path: string; contentType: string; mode: 'FILE' | 'HEAD' | 'SANITIZED'; byteLimit: number | null; disposition: string | null };
}

/** What `send` (behind res.sendFile) reports: an HTTP status, and headers for a refused range. */
interface SendError extends Error {
  status?: number;
  headers?: Record<string, string>;
}

/** sendFile's failures: an unsatisfiable Range is answered 416 here; a file gone since the check is not found. */
function answerSendError(res: Response, error: SendError): boolean {
  if (res.headersSent) return false;
  if (error.status === 416) {
    res.status(416);
    for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
    res.end();
    return true;
  }
  if (error.status === 404) throw new AppError('ObjectNotFound', 'The dataset file was not found.');
  return false;
}

/** The file itself, with HTTP Range support for large files. */
function sendWholeFile(res: Response, path: string, headers: Record<string, string>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    res.sendFile(path, { headers, acceptRanges: true, dotfiles: 'allow' }, (error?: SendError) => {
      if (!error) return resolve();
      try {
        if (answerSendError(res, error)) resolve();
        else reject(error);
      } catch (appError) {
        reject(appError);
      }
    });
  });
}

/**
 * Dataset content as the service decides to deliver it (`src/services/datasets/dataset-delivery.ts`):
 * the file with HTTP Range support; a `to_ext` download (Content-Disposition attachment) named like
 * the platform's; the first megabyte of a large file for `preview`; an html dataset sanitized (whole,
 * 200, Range ignored: its ranges would be of bytes no client has seen). Every answer is sandboxed
 * (`file-answer-headers.ts`).
 */
export const datasetFileRoute = (path: string) =>
  route<FileData>({
    method: 'get',
    path,
    access: 'anonymous',
    operation: 'query ($id: ID!, $preview: Boolean, $toExt: String) { datasetFile(id: $id, preview: $preview, toExt: $toExt) { path contentType mode byteLimit disposition } }',
    variables: (input) => ({ id: input.path.id ?? input.path.dataset_id, preview: input.bool('preview'), toExt: input.has('to_ext') ? (input.string('to_ext') ?? '') : null }),
    raw: async (data, _input, _req, res) => {
      const file = data.datasetFile;
      setFileAnswerHeaders(res);
      const headers: Record<string, string> = { 'Content-Type': file.contentType };
      if (file.disposition) headers['Content-Disposition'] = file.disposition;
      switch (file.mode) {
        case 'SANITIZED': {
          const body = await sanitizedHtmlOf(file.path, file.byteLimit ?? 0);
          res.status(200).set(headers).set('Accept-Ranges', 'none').send(body);
          return;
        }
        case 'HEAD':
          res.status(200).set(headers);
          await pipeline(createReadStream(file.path, { start: 0, end: (file.byteLimit ?? 0) - 1 }), res);
          return;
        default:
          await sendWholeFile(res, file.path, headers);
      }
    },
  });
