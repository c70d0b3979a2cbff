import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHistory, datasetText, uploadText } from '../support/data-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { catHeadWorkflow, importWorkflow, waitForHistory } from '../support/workflow-helpers';
import { patient } from '../support/patience';

/**
 * Runs are durable: the scheduling task and the jobs live in PostgreSQL, so a run queued while no
 * worker runs, a scheduler that died after some steps, or jobs interrupted by a shutdown are all
 * finished by the next platform started on the same database and data directory.
 */
let dataDir: string;
let h: TestPlatform | null = null;
let alice: TestUser;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'workflows-restart-'));
});
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(fresh: boolean): Promise<TestPlatform> {
  await h?.close();
  h = await startTestPlatform({}, { reset: fresh, dataDir });
  return h;
}

const run = (platform: TestPlatform) => platform.platform.services.db.orm.em.fork().getConnection();

async function inputsIn(platform: TestPlatform, name: string) {
  const historyId = await createHistory(platform, alice.key, name);
  const a = await uploadText(platform, alice.key, historyId, 'r1\nr2\nr3\n', { fileType: 'txt' });
  const b = await uploadText(platform, alice.key, historyId, 's1\n', { fileType: 'txt' });
  await waitForHistory(platform, alice.key, historyId);
  return { historyId, inputs: { 0: { src: 'hda', id: a.datasetId }, 1: { src: 'hda', id: b.datasetId } } };
}

async function expectFinished(platform: TestPlatform, workflowId: string, invocationId: string, historyId: string): Promise<void> {
  const deadline = Date.now() + patient(30000);
  let state = '';
  while (Date.now() < deadline) {
    state = (await platform.api.get(`/api/workflows/${workflowId}/invocations/${invocationId}`).query({ key: alice.key })).body.state;
    if (state === 'scheduled') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(state).toBe('scheduled');
  const contents = await waitForHistory(platform, alice.key, historyId);
  expect(contents.map((item) => item.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
  expect(await datasetText(platform, alice.key, contents[3].id)).toBe('r1\nr2\n');
}

describe('a workflow run across a restart', () => {
  let workflowId: string;

  it('a run queued while no task worker runs is scheduled and finished after a restart', async () => {
    const first = await start(true);
    alice = await first.newUser('alice');
    workflowId = (await importWorkflow(first, alice.key, catHeadWorkflow('durable', { lines: 2 }))).id;
    const { historyId, inputs } = await inputsIn(first, 'queued run');
    await first.platform.services.tasks.stop();
    const queued = await first.api.post(`/api/workflows/${workflowId}/invocations`).send({ key: alice.key, history_id: historyId, inputs });
    expect(queued.status).toBe(200);
    expect(queued.body.state).toBe('new');

    const second = await start(false);
    await expectFinished(second, workflowId, queued.body.id, historyId);
  });

  it('a scheduler that died after some steps goes on from the steps it recorded', async () => {
    const first = h!;
    const { historyId, inputs } = await inputsIn(first, 'interrupted scheduling');
    const done = await first.api.post('/api/workflows').send({ key: alice.key, workflow_id: workflowId, history: `hist_id=${historyId}`, inputs });
    await waitForHistory(first, alice.key, historyId);
    // What a crash after step 2 leaves: the last step unrecorded, its job never made, the task held by a dead worker.
    const invocationId = first.platform.services.ids.decode(done.body.id);
    const lastJob = await run(first).execute<Array<{ job_id: number; hda_id: number }>>(
      `select sj.job_id, o.hda_id from workflow_invocation_step_job sj join workflow_invocation_step s on s.id = sj.invocation_step_id
       join workflow_step ws on ws.id = s.workflow_step_id join job_to_output_dataset o on o.job_id = sj.job_id
       where s.invocation_id = ? and ws.order_index = 3`,
      [invocationId],
    );
    await first.platform.services.tasks.stop();
    await run(first).execute('delete from history_dataset_association where id = ?', [lastJob[0].hda_id]);
    await run(first).execute('delete from job where id = ?', [lastJob[0].job_id]);
    await run(first).execute('delete from workflow_invocation_step where invocation_id = ? and workflow_step_id in (select id from workflow_step where order_index = 3)', [invocationId]);
    await run(first).execute("update workflow_invocation set state = 'new' where id = ?", [invocationId]);
    await run(first).execute(
      "update background_task set state = 'running', locked_by = 'crashed-host:1:tasks:dead', heartbeat_time = now() - interval '1 hour' where kind = 'workflow.schedule' and payload->>'invocationId' = ?",
      [String(invocationId)],
    );

    const second = await start(false);
    await expectFinished(second, workflowId, done.body.id, historyId);
    const steps = await run(second).execute<Array<{ count: string }>>('select count(*) from workflow_invocation_step where invocation_id = ?', [invocationId]);
    expect(Number(steps[0].count)).toBe(4);
  });

  it('jobs of a run interrupted by a shutdown run after the restart', async () => {
    const first = h!;
    const { historyId, inputs } = await inputsIn(first, 'jobs across restart');
    // the jobs are queued but this process runs none of them any more
    await first.platform.services.jobEngine.stop();
    const res = await first.api.post('/api/workflows').send({ key: alice.key, workflow_id: workflowId, history: `hist_id=${historyId}`, inputs });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('scheduled');

    const second = await start(false);
    await expectFinished(second, workflowId, res.body.id, historyId);
  });
});
