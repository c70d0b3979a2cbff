import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-processes';
import { patient } from '../support/patience';
import { subscribeToItemStates } from '../support/item-state-subscription';

/**
 * A subscriber connected to one server process sees the states of a job another process ran: the
 * states travel through PostgreSQL (triggers, NOTIFY), not through the memory of either process.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const onServer = serverUrl ? describe : describe.skip;
const MASTER = 'subscriptions-processes-master-key';

onServer('GraphQL subscriptions across server processes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'subscriptions-processes-'));
  let front: ServerProcess;
  let worker: ServerProcess;
  const env = { DATABASE_URL: serverUrl ?? '', DATA_DIR: dataDir, MASTER_API_KEY: MASTER, LOG_LEVEL: 'info', JOB_POLL_MS: '50', WEB_CONCURRENCY: '1' };

  beforeAll(async () => {
    // The front process runs no jobs: every job is the worker process's.
    front = await startServerProcess({ ...env, LOCAL_JOB_WORKERS: '0' });
    worker = await startServerProcess({ ...env, LOCAL_JOB_WORKERS: '1' });
  }, patient(120_000));
  afterAll(async () => {
    await stopServerProcess(front);
    await stopServerProcess(worker);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers to a subscriber of the first process each state of an upload the second process ran, up to ok', async () => {
    const email = `live-${Date.now()}@example.org`;
    const created = await call(front, 'POST', '/api/users', { key: MASTER, body: { email, username: `live${Date.now()}`, password: 'live-password' } });
    const key = String((await call(front, 'POST', `/api/users/${String(created.body.id)}/api_key`, { key: MASTER })).body);
    const history = String((await call(front, 'POST', '/api/histories', { key, body: { name: 'live' } })).body.id);
    let datasetId = '';
    const subscriber = subscribeToItemStates(front.url, key, history, () => datasetId, 'ok');
    await new Promise((resolve) => setTimeout(resolve, 300)); // the subscription is set up
    const upload = await call(front, 'POST', '/api/tools', {
      key,
      body: { tool_id: 'upload1', history_id: history, inputs: { file_type: 'txt', 'files_0|url_paste': 'across processes\n', 'files_0|type': 'upload_dataset' } },
    });
    expect(upload.status).toBe(200);
    datasetId = String((upload.body.outputs as Array<{ id: string }>)[0].id);
    const states = await subscriber.reached;
    await subscriber.dispose();
    expect(states[states.length - 1]).toBe('ok');
    const job = await call(front, 'GET', `/api/jobs/${String((upload.body.jobs as Array<{ id: string }>)[0].id)}`, { key });
    expect(job.body.state).toBe('ok');
    // The worker process ran it; the front process, with no job workers, ran nothing.
    expect(worker.output()).toContain('job started');
    expect(front.output()).not.toContain('job started');
  }, patient(60_000));
});
