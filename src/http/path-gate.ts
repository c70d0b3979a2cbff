import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Hands a request to `handler` (a router of a few paths) only when its path is one of `prefixes` or
 * lies below one, compared as express compares routes (case-insensitively); every other request goes
 * on at once. A router that matches nothing passes the request on through `setImmediate`: unguarded,
 * each such router in front of the API cost every API request a turn of the event loop.
 */
export function underPaths(prefixes: readonly string[], handler: RequestHandler): RequestHandler {
  const lowered = prefixes.map((prefix) => prefix.toLowerCase());
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path.toLowerCase();
    const concerned = lowered.some((prefix) => path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/' || prefix.endsWith('/')));
    if (!concerned) return next();
    return handler(req, res, next);
  };
}
