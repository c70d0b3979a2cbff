import type { NextFunction, Request, Response } from 'express';
import { platformMetrics } from '../observability/platform-metrics';

/**
 * The route template a request matched (`/api/histories/:history_id`), never its raw path (ids would
 * make a series each): the router's mount point and the route's path; `/graphql` and static files by
 * their mount point; the web UI's screens as one; anything else `unmatched`.
 */
export function routeTemplateOf(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}` || '/';
  if (route && Array.isArray(route.path)) return 'web-ui';
  if (req.baseUrl) return req.baseUrl;
  return 'unmatched';
}

/** Counts every request by route template, method and status, with its duration (`GET /metrics`). */
export function httpMetrics() {
  const histogram = platformMetrics().httpRequests;
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      histogram.observe({ route: routeTemplateOf(req), method: req.method, status: String(res.statusCode) }, seconds);
    });
    next();
  };
}
