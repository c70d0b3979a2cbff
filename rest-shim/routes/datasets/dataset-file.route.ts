import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { AppError } from '../../../src/errors/error-kinds';
import { route } from '../../core/route';

interface FileData {
  datasetFile: { path: string; mimetype: string; filename: string; extension: string };
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

/** A `preview` of a larger file sends its first megabyte only, as the platform does (images are sent whole). */
export const PREVIEW_BYTES = 1_000_000;

/**
 * Raw dataset content, with HTTP Range support for large files; `to_ext` asks for a download
 * (Content-Disposition attachment) named like the platform's; `preview` sends the start of a large file.
 */
export const datasetFileRoute = (path: string) =>
  route<FileData>({
    method: 'get',
    path,
    access: 'anonymous',
    operation: 'query ($id: ID!) { datasetFile(id: $id) { path mimetype filename extension } }',
    variables: (input) => ({ id: input.path.id ?? input.path.dataset_id }),
    raw: async (data, input, _req, res) => {
      const file = data.datasetFile;
      const headers: Record<string, string> = { 'Content-Type': file.mimetype };
      if (input.has('to_ext')) headers['Content-Disposition'] = `attachment; filename="${file.filename}.${input.string('to_ext') || file.extension}"`;
      if (!input.has('to_ext') && input.bool('preview') && !file.mimetype.startsWith('image/') && ((await stat(file.path).catch(() => null))?.size ?? 0) > PREVIEW_BYTES) {
        res.status(200).set(headers);
        await pipeline(createReadStream(file.path, { start: 0, end: PREVIEW_BYTES - 1 }), res);
        return;
      }
      await new Promise<void>((resolve, reject) => {
        res.sendFile(file.path, { headers, acceptRanges: true, dotfiles: 'allow' }, (error?: SendError) => {
          if (!error) return resolve();
          try {
            if (answerSendError(res, error)) resolve();
            else reject(error);
          } catch (appError) {
            reject(appError);
          }
        });
      });
    },
  });
