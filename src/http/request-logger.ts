import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logging/logger';

/** One structured line per request: method, path (never the query string, which may hold a key), status, duration. */
export function requestLogger(log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      // originalUrl: mounted routers rewrite req.path ('/graphql' would read '/').
      const path = req.originalUrl.split('?')[0];
      log.info({ method: req.method, path, status: res.statusCode, durationMs: Math.round(durationMs * 10) / 10 }, 'request');
    });
    next();
  };
}
