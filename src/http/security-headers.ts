import type { NextFunction, Request, Response } from 'express';

/**
 * Headers every answer of either application carries, the API's included: answers are never
 * content-sniffed (a JSON or text answer is never run as a script or rendered as HTML), no page of
 * another origin frames them, and the full address (which may hold `?key=`) never leaves the site
 * as a referrer. A route may set its own value of any of them (it replaces these).
 */
export function baseSecurityHeaders() {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Referrer-Policy', 'same-origin');
    next();
  };
}

/** A Host header that can be written into the policy as it is: a host name or address and a port. */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The policy of the UI's own pages and assets (the web UI, /about, /graphiql): scripts, styles and
 * fonts only from this origin's files (no inline script or style element, no eval), images also as
 * `data:` and `blob:` URLs (dataset previews, GraphiQL's fonts are `data:` too), requests and the
 * graph's WebSocket only to this origin, frames (a sandboxed html dataset) only of this origin, no
 * plugins, no `<base>`, forms posting only here, and framed only by this origin's own pages.
 * CSP Level 3 lets `'self'` cover `ws:`/`wss:` of the same host (current Chromium does); the request's
 * own host is also named for browsers that do not.
 */
export function uiContentSecurityPolicy(host: string | undefined): string {
  const sockets = host !== undefined && PLAIN_HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${sockets}`,
    "frame-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * Puts the UI's Content-Security-Policy on the answers of the routes it is mounted on (and only
 * those: the dataset display routes set their own `sandbox` policy, the API needs none).
 */
export function uiSecurityHeaders() {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Content-Security-Policy', uiContentSecurityPolicy(req.get('host')));
    next();
  };
}
