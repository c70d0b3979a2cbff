import type { Request, RequestHandler, Response } from 'express';
import type { Pool } from 'pg';
import { IdCodec, IdDecodeError } from '../../../src/ids/id-codec';
import { RequestSql } from './db';
import type { KeyCache } from './key-cache';

/** What every request shares: the pool, the id codec, who the administrators are, where files live. */
export interface Baseline {
  pool: Pool;
  ids: IdCodec;
  adminEmails: ReadonlySet<string>;
  /** `<DATA_DIR>/files` of the service, for the server paths administrators see (null: unknown). */
  filesDir: string | null;
  /** The depot's id codec (DEPOT_ID_SECRET) and public address (DEPOT_URL). */
  depotIds: IdCodec;
  depotUrl: string;
  /**
   * The key's user kept in memory as the service keeps it (KEY_CACHE, the default), or null: the key
   * looked up by one statement per request (KEY_CACHE=off).
   */
  keys: KeyCache | null;
}

export interface Caller {
  userId: number;
  email: string;
  isAdmin: boolean;
}

/** One request: its SQL tally and its caller (null without a key). */
export interface Ctx {
  app: Baseline;
  sql: RequestSql;
  caller: Caller | null;
}

/** The platform's error kinds the baseline answers: HTTP status and err_code (platform-facts §1.1). */
const ERROR_KINDS = {
  MessageException: [400, 0],
  MalformedId: [400, 400009],
  RequestParameterInvalidException: [400, 400008],
  AuthenticationRequired: [403, 403001],
  ItemAccessibilityException: [403, 403002],
  ItemOwnershipException: [403, 403003],
  AdminRequiredException: [403, 403006],
  ObjectNotFound: [404, 404001],
} as const;

/** An error answered as the platform's `{err_msg, err_code, ...extra}`. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: number;

  constructor(
    readonly kind: keyof typeof ERROR_KINDS,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Old-style routes ("400 text") answer the message itself as a JSON string. */
    readonly asText = false,
  ) {
    super(message);
    [this.status, this.code] = ERROR_KINDS[kind];
  }
}

export const notFound = (message: string) => new HttpError('ObjectNotFound', message);
export const notAccessible = (message: string) => new HttpError('ItemAccessibilityException', message);
export const notOwned = (message = 'User does not own specified item.') => new HttpError('ItemOwnershipException', message);
export const authRequired = (message = 'API authentication required for this request') => new HttpError('AuthenticationRequired', message);
export const malformedId = (value: string) => new HttpError('MalformedId', `Malformed id ( ${value} ) specified, unable to decode`, { id: value });

/** Decodes an encoded id; what cannot be decoded becomes `onError` (MalformedId by default). */
export function decodeId(ctx: Ctx, value: string, onError: (value: string) => HttpError = malformedId): number {
  try {
    return ctx.app.ids.decode(value);
  } catch (error) {
    if (error instanceof IdDecodeError) throw onError(value);
    throw error;
  }
}

export const encodeId = (ctx: Ctx, id: number | string): string => ctx.app.ids.encode(Number(id));
export const encodeFolderId = (ctx: Ctx, id: number | string): string => `F${encodeId(ctx, id)}`;

export function requireUser(ctx: Ctx): Caller {
  if (!ctx.caller) throw authRequired();
  return ctx.caller;
}

/** The key's user, when it is the user's newest key and the user is not deleted: one statement. */
const CALLER_BY_KEY = `
  select u.id, u.email
  from api_keys k
  join galaxy_user u on u.id = k.user_id
  where k.key = $1
    and not u.deleted
    and k.id = (select max(newest.id) from api_keys newest where newest.user_id = k.user_id)`;

async function authenticate(app: Baseline, sql: RequestSql, key: string | undefined): Promise<Caller | null> {
  if (key === undefined || key === '') return null;
  const cached = app.keys?.get(key);
  const stamp = app.keys?.stamp() ?? 0;
  const user = cached ?? (await sql.row<{ id: number; email: string }>(CALLER_BY_KEY, [key]));
  if (!user) throw new HttpError('AuthenticationRequired', 'Provided API key is not valid.');
  if (!cached) app.keys?.set(key, { id: user.id, email: user.email }, stamp);
  return { userId: user.id, email: user.email, isAdmin: app.adminEmails.has(user.email) };
}

function send(res: Response, sql: RequestSql, status: number, body: unknown): void {
  res.setHeader('x-sql-queries', String(sql.count));
  res.status(status).type('application/json').send(JSON.stringify(body));
}

/** A route: authenticates the `x-api-key` caller, runs the handler, answers JSON with the statement count. */
export function endpoint(app: Baseline, handler: (ctx: Ctx, req: Request) => Promise<unknown>): RequestHandler {
  return async (req, res) => {
    const sql = new RequestSql(app.pool);
    try {
      const caller = await authenticate(app, sql, req.get('x-api-key'));
      send(res, sql, 200, await handler({ app, sql, caller }, req));
    } catch (error) {
      if (error instanceof HttpError) return send(res, sql, error.status, error.asText ? error.message : { err_msg: error.message, err_code: error.code, ...error.extra });
      process.stderr.write(`baseline: ${req.method} ${req.originalUrl}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      send(res, sql, 500, { err_msg: 'Uncaught exception in exposed API method:', err_code: 0 });
    }
  };
}

/**
 * A route that writes its own answer as it reads (a streamed listing): errors before its first write
 * are answered as `endpoint` answers them; after it, the socket is destroyed.
 */
export function streamEndpoint(app: Baseline, handler: (ctx: Ctx, req: Request, res: Response) => Promise<void>): RequestHandler {
  return async (req, res) => {
    const sql = new RequestSql(app.pool);
    try {
      const caller = await authenticate(app, sql, req.get('x-api-key'));
      await handler({ app, sql, caller }, req, res);
    } catch (error) {
      if (res.headersSent) {
        process.stderr.write(`baseline: ${req.method} ${req.originalUrl} failed while streaming: ${String(error)}\n`);
        res.destroy();
        return;
      }
      if (error instanceof HttpError) return send(res, sql, error.status, error.asText ? error.message : { err_msg: error.message, err_code: error.code, ...error.extra });
      process.stderr.write(`baseline: ${req.method} ${req.originalUrl}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      send(res, sql, 500, { err_msg: 'Uncaught exception in exposed API method:', err_code: 0 });
    }
  };
}

/** A path parameter as text (express 5 types them as string | string[]). */
export const param = (req: Request, name: string): string => String(req.params[name]);

/** Writes a chunk, waiting while the socket's buffer is full (backpressure); false once the client has gone. */
export async function writeChunk(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(chunk)) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
  return !res.destroyed;
}

/** What writes a streamed body; `statements`: the statements it will run (1 unless said). */
export type BodyWriter = ((res: Response) => Promise<void>) & { statements?: number };

/**
 * A route that streams its answer: the handler checks the request (its errors are answered as JSON,
 * before any byte) and returns the writer of the body, which starts once the headers are out.
 */
export function streamingEndpoint(app: Baseline, handler: (ctx: Ctx, req: Request) => Promise<BodyWriter>): RequestHandler {
  return streamEndpoint(app, async (ctx, req, res) => {
    const write = await handler(ctx, req);
    // The body's statements are counted when their reads start: count them in the header already.
    res.setHeader('x-sql-queries', String(ctx.sql.count + (write.statements ?? 1)));
    res.status(200).type('application/json');
    await write(res);
    res.end();
  });
}
