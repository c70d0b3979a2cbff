import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../errors/error-kinds';
import { parseMultipart } from './multipart';

const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Reads request bodies the way the platform's clients send them: JSON (also when PUT and DELETE
 * bodies arrive without a Content-Type), form-encoded with `name[]` lists and form values that are
 * JSON text, or multipart (fields the same way, files streamed into the upload store). Invalid
 * JSON is 400003.
 */
export function platformBodyParser(uploads: { uploadStore: string; maxFileBytes: number }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const type = (req.headers['content-type'] ?? '').toLowerCase();
    try {
      if (type.startsWith('multipart/form-data')) {
        await parseMultipart(req, res, { ...uploads, decode: decodeJsonText });
        return next();
      }
      // A request without a body (most GETs) has nothing to read: its body is what an empty one parses to.
      if (!hasBody(req)) {
        req.body = {};
        return next();
      }
      const raw = await readBody(req);
      req.body = parseBody(type, raw);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** Whether the request carries a body at all (HTTP/1.1: a Content-Length other than 0, or a Transfer-Encoding). */
function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function readBody(req: Request): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size > MAX_BODY_BYTES) return; // already refused: the rest is read and dropped, so the client gets the answer
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        chunks.length = 0;
        reject(new AppError('RequestParameterInvalidException', `Request body larger than ${MAX_BODY_BYTES} bytes.`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export type Body = Record<string, unknown>;

export function parseBody(contentType: string, raw: string): Body {
  if (contentType.startsWith('application/x-www-form-urlencoded')) return parseForm(raw);
  if (raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new AppError('UserInvalidJson');
  }
  // A JSON body that is not an object (a bare string or list) is kept whole under `payload`.
  return isPlainObject(parsed) ? parsed : { payload: parsed };
}

/** Form fields; repeated names become lists; values that are JSON objects or lists are decoded. */
export function parseForm(raw: string): Body {
  const body: Body = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    const decoded = decodeJsonText(value);
    const previous = body[name];
    body[name] = previous === undefined ? decoded : [...(Array.isArray(previous) ? previous : [previous]), decoded];
  }
  return body;
}

function decodeJsonText(value: string): unknown {
  const text = value.trim();
  if (!(text.startsWith('{') || text.startsWith('['))) return value;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
