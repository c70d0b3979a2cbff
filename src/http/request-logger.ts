import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logging/logger';

/** One structured line per request: method, path (never the query string, which may hold a key), status, duration. */
export function requestLogger(log: Logger) {
  // The line's fields are fixed and hold no secret: the logger's redaction (wildcard paths, tried on every
  // field of every line) is left out of this, the most frequent line.
  const lines = log.child({}, { redact: [] });
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    // originalUrl: mounted routers rewrite req.path ('/graphql' would read '/').
    const path = req.originalUrl.split('?')[0];
    const durationMs = () => Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
    res.on('finish', () => lines.info({ method: req.method, path, status: res.statusCode, durationMs: durationMs() }, 'request'));
    res.on('close', () => {
      if (!res.writableFinished) lines.info({ method: req.method, path, durationMs: durationMs() }, 'request aborted by the client');
    });
    next();
  };
}
