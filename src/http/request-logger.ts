import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logging/logger';

/** One structured line per request: method, path (never the query string, which may hold a key), status, duration. */
export function requestLogger(log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    // originalUrl: mounted routers rewrite req.path ('/graphql' would read '/').
    const path = req.originalUrl.split('?')[0];
    const durationMs = () => Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
    res.on('finish', () => log.info({ method: req.method, path, status: res.statusCode, durationMs: durationMs() }, 'request'));
    res.on('close', () => {
      if (!res.writableFinished) log.info({ method: req.method, path, durationMs: durationMs() }, 'request aborted by the client');
    });
    next();
  };
}
