import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { binary, tarMembers, waitForExport } from '../support/history-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * History exports are durable background tasks: an export queued while no task worker runs, or
 * one whose worker died half-way, is finished by the next platform started on the same database
 * and data directory.
 */
let dataDir: string;
let h: TestPlatform | null = null;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'histories-restart-'));
});
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts a platform on the shared data directory; `fresh` empties the database first. */
async function start(fresh: boolean): Promise<TestPlatform> {
  await h?.close();
  h = await startTestPlatform({}, { reset: fresh, dataDir });
  return h;
}

/**
 * The tasks' states once none is running any more: the export is answered ready as soon as its
 * archive is written, a moment before its task's row is marked done (seen under load in CI).
 */
async function settledTaskStates(platform: TestPlatform): Promise<string[]> {
  const deadline = Date.now() + patient(10_000);
  let states = await taskStates(platform);
  while (states.includes('running') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    states = await taskStates(platform);
  }
  return states;
}

const taskStates = async (platform: TestPlatform) =>
  (await platform.platform.services.db.orm.em.fork().getConnection().execute<Array<{ state: string }>>("select state from background_task where kind = 'history_export' order by id")).map(
    (row) => row.state,
  );

async function archiveText(platform: TestPlatform, key: string, url: string): Promise<Map<string, Buffer>> {
  const res = await platform.api.get(url).query({ key }).buffer(true).parse(binary);
  expect(res.status).toBe(200);
  return tarMembers(res.body as Buffer);
}

describe('PUT /api/histories/{id}/exports across a restart', () => {
  let alice: TestUser;
  let historyId: string;

  it('an export queued while no task worker runs finishes after a restart', async () => {
    const first = await start(true);
    alice = await first.newUser('alice');
    historyId = await createHistory(first, alice.key, 'survives restarts');
    const upload = await uploadText(first, alice.key, historyId, 'kept across restarts\n', { fileType: 'txt' });
    await waitForJob(first, alice.key, upload.jobId);
    // no worker takes tasks in this process any more
    await first.platform.services.tasks.stop();
    const queued = await first.api.put(`/api/histories/${historyId}/exports`).query({ key: alice.key });
    expect(queued.status).toBe(202);
    expect(queued.text).toBe('""');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await first.api.put(`/api/histories/${historyId}/exports`).query({ key: alice.key })).status).toBe(202);
    expect(await taskStates(first)).toEqual(['queued']);

    const second = await start(false);
    const url = await waitForExport(second, alice.key, historyId);
    expect(await settledTaskStates(second)).toEqual(['done']);
    const members = await archiveText(second, alice.key, url);
    expect(JSON.parse(members.get('history_attrs.txt')!.toString('utf8')).name).toBe('survives restarts');
    const listed = JSON.parse(members.get('datasets_attrs.txt')!.toString('utf8')) as Array<{ file_name: string }>;
    expect(members.get(listed[0].file_name)?.toString('utf8')).toBe('kept across restarts\n');
  });

  it('an export whose worker died while building it is built again after a restart', async () => {
    const first = h!;
    await first.platform.services.tasks.stop();
    const forced = await first.api.put(`/api/histories/${historyId}/exports`).query({ key: alice.key, force: 'true' });
    expect(forced.status).toBe(202);
    // what a crash leaves behind: the task claimed by a worker that no longer beats
    const connection = first.platform.services.db.orm.em.fork().getConnection();
    await connection.execute(
      "update background_task set state = 'running', locked_by = 'crashed-host:1:tasks:dead', attempts = 1, heartbeat_time = now() - interval '1 hour' where state = 'queued'",
    );
    await connection.execute("update history_export set state = 'running' where state = 'queued'");
    expect((await first.api.put(`/api/histories/${historyId}/exports`).query({ key: alice.key })).status).toBe(202);

    const second = await start(false);
    const url = await waitForExport(second, alice.key, historyId);
    expect(await settledTaskStates(second)).toEqual(['done', 'done']);
    expect(url).toMatch(/\/exports\/[0-9a-f]{16}$/);
    const members = await archiveText(second, alice.key, url);
    expect(members.has('history_attrs.txt')).toBe(true);
  });
});
