import { type Request, type Response, Router } from 'express';
import { dirname, join } from 'node:path';
import type { AppServices } from '../../context/app-services';
import { AppError } from '../../errors/error-kinds';
import { contextMiddleware } from '../../http/context-middleware';
import { uiSecurityHeaders } from '../../http/security-headers';

const moduleDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** The assets GraphiQL needs, served from the installed npm packages (no CDN). */
const ASSETS: Record<string, string> = {
  'react.js': join(moduleDir('react'), 'umd/react.production.min.js'),
  'react-dom.js': join(moduleDir('react-dom'), 'umd/react-dom.production.min.js'),
  'graphiql.js': join(moduleDir('graphiql'), 'graphiql.min.js'),
  'graphiql.css': join(moduleDir('graphiql'), 'graphiql.min.css'),
};

/**
 * The page's own script and style, served as files like the rest: the UI's Content-Security-Policy
 * allows no inline script or style.
 */
const START_SCRIPT = `'use strict';
(function () {
  const key = new URLSearchParams(window.location.search).get('key');
  const fetcher = GraphiQL.createFetcher({ url: '/graphql', headers: key ? { 'x-api-key': key } : {} });
  ReactDOM.createRoot(document.getElementById('graphiql')).render(React.createElement(GraphiQL, { fetcher }));
})();
`;
const PAGE_STYLE = 'body { margin: 0; height: 100vh; } #graphiql { height: 100vh; }\n';
const OWN_ASSETS: Record<string, { type: string; body: string }> = {
  'start.js': { type: 'text/javascript', body: START_SCRIPT },
  'page.css': { type: 'text/css', body: PAGE_STYLE },
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>GraphiQL</title>
  <link rel="icon" href="data:," />
  <link rel="stylesheet" href="/graphiql/assets/graphiql.css" />
  <link rel="stylesheet" href="/graphiql/assets/page.css" />
</head>
<body>
  <div id="graphiql">Loading…</div>
  <script src="/graphiql/assets/react.js"></script>
  <script src="/graphiql/assets/react-dom.js"></script>
  <script src="/graphiql/assets/graphiql.js"></script>
  <script src="/graphiql/assets/start.js"></script>
</body>
</html>`;

/** GraphiQL at /graphiql, for administrators (by key in the query string or by session). */
export function createGraphiQL(services: AppServices): Router {
  const router = Router();
  router.get('/graphiql/assets/:name', uiSecurityHeaders(), (req: Request, res: Response) => {
    const name = String(req.params.name);
    const own = Object.hasOwn(OWN_ASSETS, name) ? OWN_ASSETS[name] : undefined;
    if (own) return res.type(own.type).setHeader('cache-control', 'public, max-age=86400').send(own.body);
    const file = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!file) return res.status(404).end();
    res.sendFile(file, { maxAge: '1d' });
  });
  router.get('/graphiql', uiSecurityHeaders(), contextMiddleware(services), (_req: Request, res: Response) => {
    const refused = res.locals.authError ?? (res.locals.ctx?.caller.isAdmin ? undefined : new AppError('AdminRequiredException', 'GraphiQL is available to administrators only.'));
    if (refused) return res.status(refused.status).json({ err_msg: refused.message, err_code: refused.code });
    res.type('html').send(PAGE);
  });
  return router;
}
