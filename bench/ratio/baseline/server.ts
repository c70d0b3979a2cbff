/**
 * The benchmark's baseline: plain express + pg answering the benchmark targets with the same JSON as
 * the service, each with the SQL a correct answer needs (`x-sql-queries` counts it).
 *
 * Env: PORT; DATABASE_URL, or without it DATA_DIR alone (the service's: the baseline joins the embedded
 * PostgreSQL the service runs there); ID_SECRET; DEPOT_ID_SECRET and DEPOT_URL (the depot's targets);
 * ADMIN_USERS (comma-separated emails); DATA_DIR also gives the file paths administrators see;
 * TOOL_DATA_TABLE_CONFIG and TOOL_DATA_PATH (the service's tool data tables); KEY_CACHE (default on): the key's
 * user kept in memory as the service keeps it (key-cache.ts, dropped on the `caller_changed` signal), or `off`:
 * one statement per request for the key.
 */
import express from 'express';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { asBool } from '../../../src/format/booleans';
import { IdCodec } from '../../../src/ids/id-codec';
import { showDataset } from './datasets';
import { installInfo, listRepositories } from './depot';
import { listInstalledRepositories, showInstalledRepository } from './depot-installs';
import { openDatabase } from './db';
import { KeyCache } from './key-cache';
import { graphqlHistory, listHistories, showHistory } from './histories';
import { streamHistoryContents } from './history-contents';
import { type Baseline, type Ctx, endpoint, HttpError, param, streamEndpoint, streamingEndpoint } from './http';
import { libraryContents } from './library-contents';
import { showJob } from './jobs';
import { folderContents, showLibraryDataset } from './libraries';
import { listRequests, requestSamples } from './sample-tracking';
import { listPages, showPage } from './pages';
import { historySharing } from './sharing';
import { listVisualizations, showVisualization } from './visualizations';
import { listWorkflows, showWorkflow } from './workflows';
import { type BaselineTable, listToolData, loadToolData, showToolData } from './tool-data';

/** `{ history(id: "…") { id name deleted } }`, the only document the baseline answers: the id, and where `history` is. */
function graphqlHistoryQuery(body: unknown): { id: string; column: number } {
  const query = typeof body === 'object' && body !== null && 'query' in body ? String(body.query) : '';
  const match = /^(\s*(?:query\s*)?\{\s*)history\s*\(\s*id\s*:\s*"([^"]*)"\s*\)\s*\{\s*id\s+name\s+deleted\s*\}\s*\}\s*$/.exec(query);
  if (!match || match[1].includes('\n')) throw new HttpError('RequestParameterInvalidException', 'The baseline answers only { history(id: "…") { id name deleted } }.');
  return { id: match[2], column: match[1].length + 1 };
}

/** The GraphQL answer: the history, or (as Apollo answers a resolver's error) status 200 with `errors`. */
async function graphqlAnswer(ctx: Ctx, body: unknown): Promise<unknown> {
  const { id, column } = graphqlHistoryQuery(body);
  try {
    return { data: { history: await graphqlHistory(ctx, id) } };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const extensions = { code: error.kind, errCode: error.code, status: error.status, ...error.extra };
    return { errors: [{ message: error.message, locations: [{ line: 1, column }], path: ['history'], extensions }], data: { history: null } };
  }
}

function baselineApp(app: Baseline, toolData: readonly BaselineTable[]): express.Express {
  const server = express();
  server.disable('x-powered-by');
  server.set('etag', false);
  server.get('/api/version', endpoint(app, async () => ({ version_major: '15.05', version_minor: '1' })));
  server.get('/api/histories', endpoint(app, (ctx) => listHistories(ctx)));
  server.get('/api/histories/:id', endpoint(app, (ctx, req) => showHistory(ctx, param(req, 'id'))));
  server.get('/api/histories/:id/contents', streamEndpoint(app, (ctx, req, res) => streamHistoryContents(ctx, param(req, 'id'), res)));
  server.get('/api/histories/:id/sharing', endpoint(app, (ctx, req) => historySharing(ctx, param(req, 'id'))));
  server.get('/api/pages', endpoint(app, (ctx) => listPages(ctx)));
  server.get('/api/pages/:id', endpoint(app, (ctx, req) => showPage(ctx, param(req, 'id'))));
  server.get('/api/visualizations', endpoint(app, (ctx) => listVisualizations(ctx)));
  server.get('/api/visualizations/:id', endpoint(app, (ctx, req) => showVisualization(ctx, param(req, 'id'))));
  server.get('/api/workflows', endpoint(app, (ctx, req) => listWorkflows(ctx, asBool(req.query.show_published) ?? false)));
  server.get('/api/workflows/:id', endpoint(app, (ctx, req) => showWorkflow(ctx, param(req, 'id'))));
  server.get('/api/datasets/:id', endpoint(app, (ctx, req) => showDataset(ctx, param(req, 'id'))));
  server.get('/api/jobs/:id', endpoint(app, (ctx, req) => showJob(ctx, param(req, 'id'))));
  server.get('/api/libraries/datasets/:id', endpoint(app, (ctx, req) => showLibraryDataset(ctx, param(req, 'id'))));
  server.get(
    '/api/folders/:id/contents',
    streamingEndpoint(app, (ctx, req) => folderContents(ctx, param(req, 'id'), asBool(req.query.include_deleted) ?? false)),
  );
  server.get('/api/libraries/:id/contents', streamingEndpoint(app, (ctx, req) => libraryContents(ctx, param(req, 'id'))));
  server.get('/api/requests', endpoint(app, (ctx) => listRequests(ctx)));
  server.get('/api/requests/:id/samples', endpoint(app, (ctx, req) => requestSamples(ctx, param(req, 'id'))));
  server.get('/api/tool_data', endpoint(app, (ctx) => listToolData(ctx, toolData)));
  server.get('/api/tool_data/:id', endpoint(app, (ctx, req) => showToolData(ctx, toolData, param(req, 'id'))));
  server.get('/api/tool_shed_repositories', endpoint(app, (ctx) => listInstalledRepositories(ctx)));
  server.get('/api/tool_shed_repositories/:id', endpoint(app, (ctx, req) => showInstalledRepository(ctx, param(req, 'id'))));
  // The depot's targets (the service answers them on DEPOT_PORT; nothing of the platform's is at these paths).
  server.get('/api/repositories', endpoint(app, (ctx) => listRepositories(ctx)));
  server.get(
    '/api/repositories/get_repository_revision_install_info',
    endpoint(app, (ctx, req) => installInfo(ctx, String(req.query.name ?? ''), String(req.query.owner ?? ''), String(req.query.changeset_revision ?? ''))),
  );
  server.post(
    '/graphql',
    express.json(),
    endpoint(app, (ctx, req) => graphqlAnswer(ctx, req.body)),
  );
  return server;
}

async function main(): Promise<void> {
  const secret = process.env.ID_SECRET;
  if (!secret) throw new Error('ID_SECRET is required');
  const dataDir = process.env.DATA_DIR || undefined;
  const database = await openDatabase(process.env.DATABASE_URL || undefined, dataDir);
  const keys = process.env.KEY_CACHE === 'off' ? null : new KeyCache(database.url);
  await keys?.open();
  const app: Baseline = {
    pool: database.pool,
    ids: new IdCodec(secret),
    adminEmails: new Set((process.env.ADMIN_USERS ?? '').split(',').map((email) => email.trim()).filter((email) => email !== '')),
    filesDir: dataDir ? join(dataDir, 'files') : null,
    depotIds: new IdCodec(process.env.DEPOT_ID_SECRET ?? secret),
    depotUrl: process.env.DEPOT_URL ?? 'http://localhost:9009',
    keys,
  };
  const toolData = loadToolData(process.env.TOOL_DATA_TABLE_CONFIG, process.env.TOOL_DATA_PATH);
  const server: Server = baselineApp(app, toolData).listen(Number(process.env.PORT ?? 8081));
  const stop = () => {
    server.close(() => void Promise.all([keys?.close(), database.close()]).finally(() => process.exit(0)));
    server.closeAllConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`baseline: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
