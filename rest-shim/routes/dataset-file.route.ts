import type { Response } from 'express';
import { AppError } from '../../src/errors/error-kinds';
import { route } from '../core/route';

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

/**
 * Raw dataset content, with HTTP Range support for large files; `to_ext` asks for a download
 * (Content-Disposition attachment) named like the platform's.
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
