import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdCodec } from '../../src/ids/id-codec';
import { call, eventually, type ServerProcess, startServerProcess } from '../support/server-processes';
import { patient } from '../support/patience';

/**
 * Several server processes on one PostgreSQL server behave as one service: what one writes the other
 * reads, sessions and job claims live in the database, and the key cache of every process hears when
 * a key is revoked. (The embedded database belongs to one process; these run on the server only.)
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const onServer = serverUrl ? describe : describe.skip;
const MASTER = 'several-processes-master-key';
const ID_SECRET = 'several-processes-id-secret-0123';
const ids = new IdCodec(ID_SECRET);

type Server = ServerProcess;

function startServer(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  return startServerProcess({
    DATABASE_URL: serverUrl ?? '',
    DATA_DIR: dataDir,
    MASTER_API_KEY: MASTER,
    ID_SECRET,
    ADMIN_USERS: 'admin@several.example.org',
    LOG_LEVEL: 'info',
    EXPOSE_QUERY_COUNT: 'true',
    JOB_POLL_MS: '50',
    LOCAL_JOB_WORKERS: '2',
    WEB_CONCURRENCY: '1',
    ...env,
  });
}

let counter = 0;
async function newUser(server: Server): Promise<{ id: string; email: string; password: string; key: string }> {
  counter += 1;
  const email = `several-${Date.now()}-${counter}@example.org`;
  const password = 'several-password';
  const created = await call(server, 'POST', '/api/users', { key: MASTER, body: { email, username: `several-${Date.now()}-${counter}`, password } });
  expect(created.status).toBe(200);
  const id = String(created.body.id);
  const keyed = await call(server, 'POST', `/api/users/${id}/api_key`, { key: MASTER });
  return { id, email, password, key: String(keyed.body) };
}

onServer('two server processes on one database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'several-processes-'));
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    a = await startServer(dataDir);
    b = await startServer(dataDir);
  }, patient(120_000));

  afterAll(async () => {
    for (const server of [a, b]) {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('read through one what was written through the other', async () => {
    const user = await newUser(a);
    const created = await call(a, 'POST', '/api/histories', { key: user.key, body: { name: 'written by A' } });
    expect(created.status).toBe(200);
    const read = await call(b, 'GET', `/api/histories/${created.body.id}`, { key: user.key });
    expect(read.body).toEqual(expect.objectContaining({ id: created.body.id, name: 'written by A' }));
    await call(b, 'PUT', `/api/histories/${created.body.id}`, { key: user.key, body: { name: 'renamed by B' } });
    expect((await call(a, 'GET', `/api/histories/${created.body.id}`, { key: user.key })).body.name).toBe('renamed by B');
  });

  it('accept on one the session cookie the other handed out', async () => {
    const user = await newUser(a);
    const res = await fetch(`${a.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { id } }', variables: { email: user.email, password: user.password } }),
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(/^galaxysession=/);
    expect((await call(b, 'GET', '/api/users/current', { cookie })).body.email).toBe(user.email);
    expect((await call(a, 'GET', '/api/users/current', { cookie })).body.email).toBe(user.email);
  });

  it('run each job exactly once, whichever process queued it', async () => {
    const user = await newUser(a);
    const history = String((await call(a, 'POST', '/api/histories', { key: user.key, body: { name: 'jobs' } })).body.id);
    const jobIds: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const through = i % 2 === 0 ? a : b;
      const run = await call(through, 'POST', '/api/tools', {
        key: user.key,
        body: { tool_id: 'upload1', history_id: history, inputs: { 'files_0|url_paste': `line ${i}\n`, 'files_0|type': 'upload_dataset', file_type: 'txt' } },
      });
      expect(run.status).toBe(200);
      jobIds.push(String((run.body.jobs as unknown as Array<{ id: string }>)[0].id));
    }
    for (const jobId of jobIds) {
      await eventually(async () => (await call(b, 'GET', `/api/jobs/${jobId}`, { key: user.key })).body.state === 'ok', 60_000);
    }
    const started = (server: Server) =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"job started"'))
        .map((line) => (JSON.parse(line) as { jobId: number }).jobId);
    const runs = [...started(a), ...started(b)];
    for (const jobId of jobIds) expect(runs.filter((id) => id === ids.decode(jobId))).toHaveLength(1);
    const contents = await call(a, 'GET', `/api/histories/${history}/contents`, { key: user.key });
    expect(contents.body).toHaveLength(8);
  }, patient(90_000));

  it('hold new jobs queued in every process while an administrator locks them, and run them once unlocked; list both processes with their heartbeats', async () => {
    const graph = async (server: Server, query: string) => {
      const res = await call(server, 'POST', '/graphql', { key: MASTER, body: { query } });
      expect(res.body.errors).toBeUndefined();
      return res.body.data as Record<string, unknown>;
    };
    const user = await newUser(a);
    const history = String((await call(a, 'POST', '/api/histories', { key: user.key, body: { name: 'locked jobs' } })).body.id);
    await graph(a, 'mutation { setJobLock(locked: true) { locked } }');
    try {
      const jobIds: string[] = [];
      for (const through of [a, b]) {
        const run = await call(through, 'POST', '/api/tools', {
          key: user.key,
          body: { tool_id: 'upload1', history_id: history, inputs: { 'files_0|url_paste': 'held\n', 'files_0|type': 'upload_dataset', file_type: 'txt' } },
        });
        expect(run.status).toBe(200);
        jobIds.push(String((run.body.jobs as unknown as Array<{ id: string }>)[0].id));
      }
      // Both processes poll every 50 ms and are woken by job_queued: a second and a half is plenty of chances.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const jobId of jobIds) expect((await call(b, 'GET', `/api/jobs/${jobId}`, { key: user.key })).body.state).toBe('queued');
      const status = (await graph(b, '{ serverStatus { jobsLocked processes { pid stale localWorkers } } }')).serverStatus as { jobsLocked: boolean; processes: Array<{ pid: number; stale: boolean }> };
      expect(status.jobsLocked).toBe(true);
      expect(new Set(status.processes.filter((row) => !row.stale).map((row) => row.pid))).toEqual(new Set([a.child.pid, b.child.pid]));
      await graph(b, 'mutation { setJobLock(locked: false) { locked } }');
      for (const jobId of jobIds) await eventually(async () => (await call(a, 'GET', `/api/jobs/${jobId}`, { key: user.key })).body.state === 'ok', 10_000);
    } finally {
      await call(a, 'POST', '/graphql', { key: MASTER, body: { query: 'mutation { setJobLock(locked: false) { locked } }' } });
    }
  }, patient(60_000));

  it("forget in every process a key revoked through one of them", async () => {
    const user = await newUser(a);
    // B keeps the key in its cache: its identity costs no SQL any more.
    await eventually(async () => (await call(b, 'GET', '/api/version', { key: user.key })).headers.get('x-sql-queries') === '0');
    const newer = await call(a, 'POST', `/api/users/${user.id}/api_key`, { key: MASTER });
    expect(newer.status).toBe(200);
    await eventually(async () => (await call(b, 'GET', '/api/users/current', { key: user.key })).status === 403, 5_000);
    expect((await call(b, 'GET', '/api/users/current', { key: user.key })).body).toEqual({ err_msg: 'Provided API key has expired.', err_code: 403001 });
    expect((await call(b, 'GET', '/api/users/current', { key: String(newer.body) })).body.email).toBe(user.email);
  });
});

onServer('npm start with WEB_CONCURRENCY=2', () => {
  it('runs two server processes on one port, and stops them all on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'several-processes-'));
    try {
      const server = await startServer(dataDir, { WEB_CONCURRENCY: '2' });
      expect(server.output()).toContain('Server processes: 2');
      const pids = new Set(
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('"msg":"platform API listening"') && line.includes('"pid"'))
          .map((line) => (JSON.parse(line) as { pid: number }).pid),
      );
      expect(pids.size).toBe(2);
      for (let i = 0; i < 6; i += 1) expect((await call(server, 'GET', '/api/version')).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, patient(120_000));
});
