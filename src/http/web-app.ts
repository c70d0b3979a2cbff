import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { WEB_DIST_DIR } from '../web-build/web-build-stamp';
import { uiSecurityHeaders } from './security-headers';

/**
 * The web UI's client routes (web/src/app/App.tsx): each answers index.html, so a deep link or a
 * reload opens its screen. Only these: every other path stays the server's (/api, /graphql,
 * /graphiql, /about, /datasets/{id}/display…), and an unknown path stays a 404.
 */
export const WEB_CLIENT_ROUTES = ['/', '/login', '/register', '/user', '/upload', '/histories', '/histories/:historyId', '/datasets/:datasetId'];
WEB_CLIENT_ROUTES.push('/tools', '/tools/:toolId');
// A dataset's Edit attributes (web/src/datasets/edit-attributes).
WEB_CLIENT_ROUTES.push('/datasets/:datasetId/edit');
// A job's details (web/src/jobs).
WEB_CLIENT_ROUTES.push('/jobs/:jobId');
// A history's collections, one rank of elements at a time (web/src/collections).
WEB_CLIENT_ROUTES.push('/histories/:historyId/collections/:collectionId', '/histories/:historyId/collections/:collectionId/elements/:elementId');
// Data libraries, workflows and sharing (web/src/libraries, web/src/workflows, web/src/sharing).
WEB_CLIENT_ROUTES.push('/libraries', '/libraries/:libraryId', '/libraries/:libraryId/folders/:folderId');
WEB_CLIENT_ROUTES.push('/libraries/:libraryId/datasets/:datasetId');
WEB_CLIENT_ROUTES.push('/workflows', '/workflows/:workflowId', '/workflows/:workflowId/run', '/workflows/invocations/:invocationId');
// Extract Workflow from a history (web/src/workflows/extract).
WEB_CLIENT_ROUTES.push('/histories/:historyId/extract-workflow');
// The workflow editor (web/src/workflows/editor).
WEB_CLIENT_ROUTES.push('/workflows/new', '/workflows/:workflowId/edit');
WEB_CLIENT_ROUTES.push('/sharing', '/sharing/:kind/:itemId', '/published', '/shared', '/pages/:pageId');
// Pages written in the UI (web/src/pages).
WEB_CLIENT_ROUTES.push('/pages', '/pages/new', '/pages/:pageId/edit');
// Visualizations (web/src/visualizations).
WEB_CLIENT_ROUTES.push('/visualizations', '/visualizations/:visualizationId');
// The addresses of 15.05 people keep: u/<username>/<h|p|v|w>/<slug> (web/src/sharing/SlugAddressPage.tsx).
WEB_CLIENT_ROUTES.push('/u/:username/:letter/:slug');
// The administration (web/src/admin): every path below /admin.
WEB_CLIENT_ROUTES.push('/admin', '/admin/*rest');

/**
 * The screens of 15.05 that people link to, and where they are now: a permanent redirect, the query
 * kept (`/tool_runner?tool_id=<id>` opens that tool's form).
 */
export const LEGACY_SCREENS: Readonly<Record<string, (query: URLSearchParams) => string>> = {
  '/tool_runner': (query) => (query.get('tool_id') ? `/tools/${encodeURIComponent(query.get('tool_id') as string)}` : '/tools'),
  '/history/list': () => '/histories',
  '/history/list_published': () => '/published',
  '/history/list_shared': () => '/shared',
  '/workflow/list': () => '/workflows',
  '/workflow/list_published': () => '/published',
  '/library/list': () => '/libraries',
  '/visualization/list': () => '/visualizations',
  '/visualization/list_published': () => '/published',
  '/page/list': () => '/pages',
  '/page/list_published': () => '/published',
};

/** Paths of the server itself: an unknown one answers the server's own 404, not the web UI. */
const SERVER_PREFIXES = ['/api', '/graphql', '/graphiql', '/assets', '/about', '/health', '/ready', '/metrics'];

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Web UI not built</title></head>
<body><h1>The web UI is not built</h1><p>Run <code>npm run web:build</code> (<code>npm start</code> builds it when it is stale).
The API is described at <a href="/about">/about</a>.</p></body></html>`;

/**
 * Serves web/dist: hashed assets cached for a year, index.html (never cached) for the client routes,
 * each answer with the UI's Content-Security-Policy; 15.05's screens redirected to theirs; and, for
 * any other path a browser asks for, index.html with status 404, where the UI says "Not found" (never
 * Express's bare "Cannot GET").
 */
export function webApp(distDir: string = WEB_DIST_DIR): Router {
  const router = Router();
  const indexHtml = join(distDir, 'index.html');
  const policy = uiSecurityHeaders();
  // Vite names assets by their content's hash: a new build has new names.
  router.use('/assets', policy, express.static(join(distDir, 'assets'), { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000, index: false, redirect: false }));
  const sendIndex = (res: Response, status: number) => {
    if (!existsSync(indexHtml)) {
      res.status(503).type('html').send(NOT_BUILT);
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    res.status(status).sendFile(indexHtml);
  };
  router.get(WEB_CLIENT_ROUTES, policy, (_req: Request, res: Response) => sendIndex(res, 200));
  router.get(Object.keys(LEGACY_SCREENS), (req: Request, res: Response) => {
    const target = LEGACY_SCREENS[req.path.replace(/\/$/, '')];
    res.redirect(301, target(new URL(req.originalUrl, 'http://local').searchParams));
  });
  router.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || SERVER_PREFIXES.some((prefix) => req.path === prefix || req.path.startsWith(`${prefix}/`))) return next();
    policy(req, res, () => sendIndex(res, 404));
  });
  return router;
}
