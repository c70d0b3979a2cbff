import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Upload } from 'graphql-upload-minimal';
import { receivedFileAsUpload } from '../../http/received-upload';
import { AppError } from '../../errors/error-kinds';
import { isPlainObject } from '../../http/body-parser';
import { callerText } from '../../errors/caller-text';
import { parseMultipart, type ReceivedFile } from '../../http/multipart';

const SPEC = 'https://github.com/jaydenseric/graphql-multipart-request-spec';

/** The headers a browser sends only after a preflight (Apollo's CSRF guard asks for one of them). */
const PREFLIGHT_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name'];

/** Paths of all `map` entries together (each file part may stand in several places). */
export const MAX_MAP_PATHS = 1000;

/** Path segments that would reach an object's prototype instead of the operations' own data. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const refused = (message: string) => new AppError('RequestParameterInvalidException', message);

/**
 * `/graphql` multipart requests (the GraphQL multipart request spec: `operations`, `map`, then the
 * files), read by the same parser as the REST routes' multipart bodies: files land in the upload
 * store first (removed when the response ends unless a resolver took them over), and every
 * malformed, truncated or oversized body is one 400 of the contract's kind.
 */
export function graphqlMultipart(options: { uploadStore: string; maxFileBytes: number }): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')) return next();
    // Apollo's CSRF guard refuses a multipart request without a preflight header: nothing is read or stored for it.
    if (!PREFLIGHT_HEADERS.some((name) => (req.headers[name] ?? '') !== '')) return next();
    try {
      await parseMultipart(req, res, { ...options, decode: (value) => value });
      req.body = operationsWithUploads(req.body as Record<string, unknown>, req.files ?? []);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The `operations` of a multipart request with each file's `Upload` placed where `map` says. */
export function operationsWithUploads(fields: Record<string, unknown>, files: ReceivedFile[]): unknown {
  const operations = jsonField(fields, 'operations');
  if (typeof operations !== 'object' || operations === null) throw refused(`The 'operations' field must be a JSON object (or a list of them); see ${SPEC}.`);
  const map = jsonField(fields, 'map');
  if (!isPlainObject(map)) throw refused(`The 'map' field must be a JSON object of file part names to lists of paths; see ${SPEC}.`);
  const uploads = new Map<string, Upload>();
  let paths = 0;
  for (const [name, targets] of Object.entries(map)) {
    const file = files.find((part) => part.field === name);
    if (!file) throw refused(`The 'map' field names the file part '${callerText(name)}', which the request does not hold.`);
    if (!Array.isArray(targets) || targets.length === 0) throw refused(`The 'map' entry of file part '${callerText(name)}' must be a non-empty list of paths.`);
    let upload = uploads.get(name);
    if (!upload) uploads.set(name, (upload = receivedFileAsUpload(file)));
    for (const target of targets) {
      paths += 1;
      if (paths > MAX_MAP_PATHS) throw refused(`The 'map' field gives more than ${MAX_MAP_PATHS} paths.`);
      if (typeof target !== 'string') throw refused(`The 'map' entry of file part '${callerText(name)}' holds a path that is not text.`);
      placeUpload(operations, target, upload, name);
    }
  }
  return operations;
}

function jsonField(fields: Record<string, unknown>, name: string): unknown {
  const text = fields[name];
  if (text === undefined) throw refused(`The multipart GraphQL request has no '${name}' field; see ${SPEC}.`);
  if (typeof text !== 'string') throw refused(`The multipart GraphQL request holds more than one '${name}' field.`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw refused(`The '${name}' field of the multipart GraphQL request is not valid JSON.`);
  }
}

/**
 * Puts `upload` at a dotted path of the operations (`variables.input.files.0.file`): every step but
 * the last must be an existing own entry of the parsed JSON, array steps existing indexes, and no
 * step may reach a prototype.
 */
function placeUpload(operations: object, path: string, upload: Upload, name: string): void {
  const invalid = (why: string) => refused(`The 'map' path '${callerText(path)}' of file part '${callerText(name)}' ${why}.`);
  const keys = path.split('.');
  let target: unknown = operations;
  for (const [index, key] of keys.entries()) {
    if (key === '') throw invalid('has an empty step');
    if (FORBIDDEN_KEYS.has(key)) throw invalid(`may not name '${key}'`);
    if (Array.isArray(target)) {
      if (!/^\d+$/.test(key) || Number(key) >= target.length) throw invalid('names an item its list does not have');
    } else if (!isPlainObject(target)) {
      throw invalid('does not lead to an object of the operations');
    }
    const container = target as Record<string, unknown>;
    if (index === keys.length - 1) {
      container[key] = upload;
      return;
    }
    if (!Object.hasOwn(container, key)) throw invalid('does not lead to an object of the operations');
    target = container[key];
  }
}
