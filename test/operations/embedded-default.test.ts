import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPostmasterPid } from '../../src/db/embedded-server/postmaster-pid';
import { processAlive } from '../../src/db/embedded-server/process-alive';
import { patient } from '../support/patience';
import { subscribeToItemStates } from '../support/item-state-subscription';
import { call, eventually, type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-processes';

/**
 * `npm start` with no DATABASE_URL: the service runs its own PostgreSQL 17 (the npm package's
 * binaries) on DATA_DIR/postgres, listening on a Unix socket in DATA_DIR, started and stopped by the
 * service, shared by every service process on that DATA_DIR, surviving the service's SIGKILL.
 */
const MASTER = 'embedded-default-master-key';
const embedded = (dataDir: string, more: Record<string, string> = {}) => ({ DATABASE_URL: '', DATA_DIR: dataDir, MASTER_API_KEY: MASTER, LOG_LEVEL: 'info', DEPOT_PORT: '0', ...more });
const postmasterOf = (dataDir: string) => readPostmasterPid(join(dataDir, 'postgres'));

async function newUser(server: ServerProcess, name: string): Promise<{ id: string; key: string }> {
  const created = await call(server, 'POST', '/api/users', { key: MASTER, body: { email: `${name}@example.org`, username: name, password: `${name}-password` } });
  expect(created.status).toBe(200);
  const id = String(created.body.id);
  return { id, key: String((await call(server, 'POST', `/api/users/${id}/api_key`, { key: MASTER })).body) };
}

async function gone(pid: number): Promise<boolean> {
  await eventually(async () => !processAlive(pid), 30_000);
  return true;
}

describe('npm start on a fresh DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'embedded-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('initialises its own PostgreSQL 17 under DATA_DIR, serves the API and the depot, and stops both on SIGTERM', async () => {
    const started = Date.now();
    // No MASTER_API_KEY: the first start generates one and prints it.
    const server = await startServerProcess(embedded(dataDir, { DEPOT_PORT: '', MASTER_API_KEY: '' }));
    const firstStartMs = Date.now() - started;
    try {
      expect(readFileSync(join(dataDir, 'postgres', 'PG_VERSION'), 'utf8').trim()).toBe('17');
      // Listening on a Unix socket in DATA_DIR only, with a generated password.
      expect(existsSync(join(dataDir, 'postgres-socket', '.s.PGSQL.5432'))).toBe(true);
      expect(postmasterOf(dataDir)).toMatchObject({ socketDir: join(dataDir, 'postgres-socket'), listenAddress: '', status: 'ready' });
      expect(readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim()).toMatch(/^[\w-]{32}$/);
      const masterKey = readFileSync(join(dataDir, 'master_api_key'), 'utf8').trim();
      expect(server.output()).toContain(masterKey);
      // A figure, not a bound (the machine and its other lanes decide it): initdb, the first start and the migrations.
      process.stderr.write(`npm start on a fresh DATA_DIR: serving after ${firstStartMs} ms (initdb included)\n`);
      const created = await call(server, 'POST', '/api/users', { key: masterKey, body: { email: 'first@example.org', username: 'first', password: 'first-password' } });
      expect(created.status).toBe(200);
      // The depot: its own port and schema of the same embedded database.
      const depotUrl = /Depot: +(http:\/\/localhost:\d+)\/api/.exec(server.output())?.[1];
      expect(depotUrl).toBeDefined();
      const depotUsers = await fetch(`${depotUrl?.replace('localhost', '127.0.0.1')}/api/users`);
      expect(depotUsers.status).toBe(200);
    } finally {
      const postmaster = postmasterOf(dataDir);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // The last process to let go stops the server.
      expect(postmaster && (await gone(postmaster.pid))).toBe(true);
    }
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, patient(120_000));
});

describe('a service killed with SIGKILL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'embedded-kill-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts again on the same data: the PostgreSQL it left running is joined, nothing acknowledged is lost', async () => {
    const first = await startServerProcess(embedded(dataDir));
    const alice = await newUser(first, 'alice');
    const history = await call(first, 'POST', '/api/histories', { key: alice.key, body: { name: 'before the kill' } });
    expect(history.status).toBe(200);
    const postmaster = postmasterOf(dataDir);
    first.child.kill('SIGKILL');
    await first.exited;
    // The server outlives the service that was killed (its own session) ...
    expect(postmaster && processAlive(postmaster.pid)).toBe(true);
    const second = await startServerProcess(embedded(dataDir));
    try {
      // ... and is the one the next start uses: never a second server on the same directory.
      expect(postmasterOf(dataDir)?.pid).toBe(postmaster?.pid);
      expect(second.output()).toContain('joining the embedded PostgreSQL already running');
      const histories = await call(second, 'GET', '/api/histories', { key: alice.key });
      expect((histories.body as Array<{ name: string }>).map((h) => h.name)).toEqual(['before the kill']);
    } finally {
      await stopServerProcess(second);
    }
    expect(postmaster && (await gone(postmaster.pid))).toBe(true);
  }, patient(120_000));

  it('starts again after the PostgreSQL itself was killed too (a stale postmaster.pid): recovered, nothing lost', async () => {
    const first = await startServerProcess(embedded(dataDir));
    const postmaster = postmasterOf(dataDir);
    first.child.kill('SIGKILL');
    await first.exited;
    if (postmaster) process.kill(postmaster.pid, 'SIGKILL');
    expect(postmaster && (await gone(postmaster.pid))).toBe(true);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);
    const second = await startServerProcess(embedded(dataDir));
    try {
      const users = await call(second, 'GET', '/api/users', { key: MASTER });
      expect((users.body as Array<{ email: string }>).map((u) => u.email)).toContain('alice@example.org');
      expect(postmasterOf(dataDir)?.pid).not.toBe(postmaster?.pid);
    } finally {
      await stopServerProcess(second);
    }
  }, patient(120_000));
});

describe('two service processes on one DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'embedded-two-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('share its server: both answer, a dataset changed through one reaches a subscription held on the other, the last one out stops it', async () => {
    // The front process runs no jobs: the upload is the worker process's.
    const [front, worker] = await Promise.all([startServerProcess(embedded(dataDir, { LOCAL_JOB_WORKERS: '0', JOB_POLL_MS: '50' })), startServerProcess(embedded(dataDir, { LOCAL_JOB_WORKERS: '1', JOB_POLL_MS: '50' }))]);
    const postmaster = postmasterOf(dataDir);
    try {
      const bob = await newUser(front, 'bob');
      const history = String((await call(worker, 'POST', '/api/histories', { key: bob.key, body: { name: 'live' } })).body.id);
      let datasetId = '';
      const subscriber = subscribeToItemStates(front.url, bob.key, history, () => datasetId, 'ok');
      await new Promise((resolve) => setTimeout(resolve, 300)); // the subscription is set up
      const upload = await call(worker, 'POST', '/api/tools', {
        key: bob.key,
        body: { tool_id: 'upload1', history_id: history, inputs: { file_type: 'txt', 'files_0|url_paste': 'across processes\n', 'files_0|type': 'upload_dataset' } },
      });
      expect(upload.status).toBe(200);
      datasetId = String((upload.body.outputs as Array<{ id: string }>)[0].id);
      await subscriber.reached;
      await subscriber.dispose();
      expect(worker.output()).toContain('job started');
      expect(front.output()).not.toContain('job started');
      // One process stops: the other still has the server.
      await stopServerProcess(worker);
      expect(postmaster && processAlive(postmaster.pid)).toBe(true);
      expect((await call(front, 'GET', '/api/histories', { key: bob.key })).status).toBe(200);
    } finally {
      await stopServerProcess(worker);
      await stopServerProcess(front);
    }
    expect(postmaster && (await gone(postmaster.pid))).toBe(true);
  }, patient(150_000));

  it('WEB_CONCURRENCY=2: both worker processes start on it and answer, and /metrics sums both processes\' figures', async () => {
    const server = await startServerProcess(embedded(dataDir, { WEB_CONCURRENCY: '2' }));
    try {
      // Each worker says where it listens and on which database (the primary's own line names no database).
      const workers = () => new Set([...server.output().matchAll(/"database":"embedded PostgreSQL[^"]*","pid":(\d+),"msg":"platform API listening"/g)].map((match) => match[1]));
      await eventually(async () => workers().size === 2, 30_000);
      const answers = await Promise.all(Array.from({ length: 8 }, () => call(server, 'GET', '/api/version')));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      // The cluster hands connections to both processes in turn; whichever answers /metrics gives the sum.
      const metrics = await (await fetch(`${server.url}/metrics`)).text();
      expect(metrics).toContain('platform_http_request_duration_seconds_count{route="/api/version",method="GET",status="200"} 8');
      // Both processes' registries are in it (each counts itself once), whichever process served the requests.
      expect(metrics).toMatch(/^platform_processes 2$/m);
    } finally {
      await stopServerProcess(server);
    }
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, patient(120_000));
});

describe('a DATA_DIR whose cluster belongs to another PostgreSQL version', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'embedded-version-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is refused with a message that says what to do, and left as it was', async () => {
    mkdirSync(join(dataDir, 'postgres'));
    writeFileSync(join(dataDir, 'postgres', 'PG_VERSION'), '16\n');
    writeFileSync(join(dataDir, 'postgres-password'), 'kept\n');
    await expect(startServerProcess(embedded(dataDir))).rejects.toThrow(/holds a PostgreSQL 16 cluster; this release runs PostgreSQL 17/);
    expect(readFileSync(join(dataDir, 'postgres', 'PG_VERSION'), 'utf8')).toBe('16\n');
  }, patient(60_000));
});
