import type { Request } from 'express';

const ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * True when a failure is the client going away mid-request (its connection closed while we read
 * the body or wrote the answer): a normal event to log as an aborted request, not a fault of ours.
 * Both must hold: the error has the shape of a cut connection, and this request's side is gone.
 */
export function isClientAbort(error: unknown, req: Request): boolean {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; type?: unknown; message?: unknown };
  const looksCut =
    failure.type === 'request.aborted' || // raw-body (express.json of /graphql)
    failure.message === 'aborted' || // Node's IncomingMessage
    (typeof failure.code === 'string' && ABORT_CODES.has(failure.code));
  const gone = req.readableAborted || req.destroyed || req.socket.destroyed;
  return looksCut && gone;
}
