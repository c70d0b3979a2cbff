import { type Request, type Response, Router } from 'express';
import type { AppConfig } from '../config/app-config';
import { uiSecurityHeaders } from './security-headers';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's style, served as a file: the UI's Content-Security-Policy allows no inline style. */
const STYLE = `body { font-family: system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; color: #222; }
code, pre { background: #f3f3f3; border-radius: 3px; }
pre { padding: .6rem; overflow-x: auto; }
`;

/**
 * The page itself: static but for the version, rendered once. It says how to become an
 * administrator, never who the administrators are (visitors read it).
 */
function page(config: AppConfig): string {
  const version = `${config.version.major}.${config.version.minor}`;
  const admins = 'Administrators are the users whose emails the server\'s ADMIN_USERS setting lists (a comma-separated list; the server reads it when it starts).';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>Analysis platform API ${version}</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/about.css">
</head>
<body>
  <p><a href="/">The web UI</a></p>
  <h1>Analysis platform API</h1>
  <p>This server implements the REST API of a data-analysis platform compatible with Galaxy ${escapeHtml(config.version.major)}
  (its scripts, client libraries and job runners work unchanged), and serves the same data as one GraphQL graph.
  Version <strong id="version">${escapeHtml(version)}</strong>.</p>
  <h2>Where things are</h2>
  <ul>
    <li><a href="/api/version">/api/version</a>: the REST API (every route is under <code>/api</code>; pass your key as <code>?key=</code>)</li>
    <li><a href="/api/openapi.json">/api/openapi.json</a>: the OpenAPI description of the REST routes</li>
    <li><a href="/graphiql">/graphiql</a>: GraphiQL, the GraphQL explorer, for administrators (<code>/graphiql?key=&lt;administrator key&gt;</code>); the graph itself is at <code>/graphql</code></li>
  </ul>
  <h2>First steps: an administrator key</h2>
  <p>${admins} The master key is in <code>DATA_DIR/master_api_key</code> (or <code>MASTER_API_KEY</code>).</p>
<pre tabindex="0" aria-label="Commands that make an administrator and its key">KEY=$(cat data/master_api_key)
curl -X POST http://localhost:${config.port}/api/users -d key=$KEY -d username=admin -d email=admin@example.org -d password=change-me
curl -X POST "http://localhost:${config.port}/api/users/&lt;id from the reply&gt;/api_key?key=$KEY"</pre>
  <p>The reply of the last call is the administrator's API key. With the server stopped, operators can also run
  <code>npm run admin -- create-user --email … --password …</code> and <code>npm run admin -- api-key --email …</code>.
  The README describes the configuration and the rest.</p>
</body>
</html>`;
}

/**
 * `GET /about` ("About the API"): a small page saying what this server is and where its API,
 * description and explorer are. `/` is the web UI, which links here.
 */
export function landingPage(config: AppConfig): Router {
  const html = page(config);
  const router = Router();
  router.get('/about', uiSecurityHeaders(), (_req: Request, res: Response) => {
    res.type('html').send(html);
  });
  router.get('/about.css', uiSecurityHeaders(), (_req: Request, res: Response) => {
    res.type('css').setHeader('cache-control', 'public, max-age=86400').send(STYLE);
  });
  return router;
}
