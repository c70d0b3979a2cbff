import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reverseToolXml } from '../support/depot-install-helpers';
import { tarball } from '../support/depot-helpers';
import { call, eventually, freePort, type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-processes';
import { patient } from '../support/patience';

/**
 * Two server processes on one PostgreSQL server: a repository installed through one (from the depot
 * that process serves) is in the other's toolbox at once, signalled through `NOTIFY
 * depot_tools_changed`, and runs there. (The embedded database belongs to one process; this runs on
 * the server only.)
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const onServer = serverUrl ? describe : describe.skip;
const MASTER = 'depot-installs-processes-master-key';

onServer('a repository installed through one of two processes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'depot-installs-processes-'));
  let a: ServerProcess;
  let b: ServerProcess;
  let depotUrl: string;

  beforeAll(async () => {
    const depotPort = await freePort();
    depotUrl = `http://127.0.0.1:${depotPort}`;
    const env = {
      DATABASE_URL: serverUrl ?? '',
      DATA_DIR: dataDir,
      MASTER_API_KEY: MASTER,
      ID_SECRET: 'depot-installs-processes-secret1',
      LOG_LEVEL: 'warn',
      JOB_POLL_MS: '50',
      LOCAL_JOB_WORKERS: '1',
      WEB_CONCURRENCY: '1',
      DEPOT_URLS: depotUrl,
    };
    // A serves the depot too (its public address names the guids); B serves no depot.
    a = await startServerProcess({ ...env, DEPOT_PORT: String(depotPort), DEPOT_URL: depotUrl });
    b = await startServerProcess({ ...env, DEPOT_PORT: '0' });
  }, patient(120_000));

  afterAll(async () => {
    await stopServerProcess(a);
    await stopServerProcess(b);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Publishes a repository holding one tool through the depot's API, as packaging tools do. */
  async function publishTool(): Promise<string> {
    const depotCall = async (method: string, path: string, body: unknown, key = MASTER) => {
      const res = await fetch(`${depotUrl}${path}`, { method, headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(body) });
      return (await res.json()) as Record<string, unknown>;
    };
    const user = await depotCall('POST', '/api/users', { email: 'processes@example.org', username: 'processes', password: 'processes-password' });
    const key = String(await (await fetch(`${depotUrl}/api/users/${user.id}/api_key?key=${MASTER}`, { method: 'POST' })).json());
    const repository = await depotCall('POST', '/api/repositories', { name: 'reverse_processes', synopsis: 'Reverses lines' }, key);
    const form = new FormData();
    form.set('key', key);
    form.set('commit_message', 'Version 1.0');
    form.set('file', new Blob([tarball({ 'reverse.xml': reverseToolXml('1.0') })]), 'repository.tar.gz');
    const uploaded = await fetch(`${depotUrl}/api/repositories/${repository.id}/changeset_revision`, { method: 'POST', body: form });
    expect(uploaded.status).toBe(200);
    const ordered = (await (await fetch(`${depotUrl}/api/repositories/get_ordered_installable_revisions?name=reverse_processes&owner=processes`)).json()) as string[];
    expect(ordered).toHaveLength(1);
    return ordered[0]!;
  }

  it("is in the other process's toolbox at once, and runs there", async () => {
    const changeset = await publishTool();
    const guid = `127.0.0.1:${new URL(depotUrl).port}/repos/processes/reverse_processes/reverse_lines/1.0`;
    expect((await call(b, 'GET', `/api/tools?tool_id=${encodeURIComponent(guid)}`)).body).toEqual([]);

    const installed = await call(a, 'POST', '/api/tool_shed_repositories/install_repository_revision', {
      key: MASTER,
      body: { tool_shed_url: depotUrl, name: 'reverse_processes', owner: 'processes', changeset_revision: changeset },
    });
    expect(installed.body).toEqual([expect.objectContaining({ name: 'reverse_processes', status: 'Installed' })]);
    await eventually(async () => JSON.stringify((await call(b, 'GET', `/api/tools?tool_id=${encodeURIComponent(guid)}`)).body) === '["1.0"]');

    const created = await call(b, 'POST', '/api/users', { key: MASTER, body: { email: 'runner@example.org', username: 'runner', password: 'runner-password' } });
    const key = String((await call(b, 'POST', `/api/users/${created.body.id}/api_key`, { key: MASTER })).body);
    const history = await call(b, 'POST', '/api/histories', { key, body: { name: 'reversed' } });
    const upload = await call(b, 'POST', '/api/tools', {
      key,
      body: { tool_id: 'upload1', history_id: history.body.id, inputs: { 'files_0|url_paste': 'one\ntwo\n', 'files_0|type': 'upload_dataset', file_type: 'txt', dbkey: '?' } },
    });
    const inputId = (upload.body.outputs as unknown as Array<{ id: string }>)[0]!.id;
    const run = await call(b, 'POST', '/api/tools', { key, body: { tool_id: guid, history_id: history.body.id, inputs: { input: { src: 'hda', id: inputId } } } });
    expect(run.status).toBe(200);
    const outputId = (run.body.outputs as unknown as Array<{ id: string }>)[0]!.id;
    await eventually(async () => (await call(b, 'GET', `/api/datasets/${outputId}`, { key })).body.state === 'ok', 30_000);
    const text = await (await fetch(`${b.url}/api/datasets/${outputId}/display?key=${key}`)).text();
    expect(text).toBe('two\none\n');
  });
});
