import { type Request, type Response, Router } from 'express';
import { dirname, join } from 'node:path';
import type { AppServices } from '../../context/app-services';
import { AppError } from '../../errors/error-kinds';
import { contextMiddleware } from '../../http/context-middleware';

const moduleDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** The assets GraphiQL needs, served from the installed npm packages (no CDN). */
const ASSETS: Record<string, string> = {
  'react.js': join(moduleDir('react'), 'umd/react.production.min.js'),
  'react-dom.js': join(moduleDir('react-dom'), 'umd/react-dom.production.min.js'),
  'graphiql.js': join(moduleDir('graphiql'), 'graphiql.min.js'),
  'graphiql.css': join(moduleDir('graphiql'), 'graphiql.min.css'),
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>GraphiQL</title>
  <link rel="stylesheet" href="/graphiql/assets/graphiql.css" />
  <style>body { margin: 0; height: 100vh; } #graphiql { height: 100vh; }</style>
</head>
<body>
  <div id="graphiql">Loading…</div>
  <script src="/graphiql/assets/react.js"></script>
  <script src="/graphiql/assets/react-dom.js"></script>
  <script src="/graphiql/assets/graphiql.js"></script>
  <script>
    const key = new URLSearchParams(window.location.search).get('key');
    const fetcher = GraphiQL.createFetcher({ url: '/graphql', headers: key ? { 'x-api-key': key } : {} });
    ReactDOM.createRoot(document.getElementById('graphiql')).render(React.createElement(GraphiQL, { fetcher }));
  </script>
</body>
</html>`;

/** GraphiQL at /graphiql, for administrators (by key in the query string or by session). */
export function createGraphiQL(services: AppServices): Router {
  const router = Router();
  router.get('/graphiql/assets/:name', (req: Request, res: Response) => {
    const file = ASSETS[String(req.params.name)];
    if (!file) return res.status(404).end();
    res.sendFile(file, { maxAge: '1d' });
  });
  router.get('/graphiql', contextMiddleware(services), (_req: Request, res: Response) => {
    const refused = res.locals.authError ?? (res.locals.ctx?.caller.isAdmin ? undefined : new AppError('AdminRequiredException', 'GraphiQL is available to administrators only.'));
    if (refused) return res.status(refused.status).json({ err_msg: refused.message, err_code: refused.code });
    res.type('html').send(PAGE);
  });
  return router;
}
