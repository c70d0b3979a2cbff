import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createHistory, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { eventually, toolDirectory } from '../support/history-helpers';
import { describeWithSlurm } from '../support/slurm-cluster';
import { slurmJobConf, startPlatformWithJobConf } from '../support/job-conf-platform';
import type { TestPlatform, TestUser } from '../support/test-platform';

/**
 * The administrators' jobs on a Slurm cluster (issue 36): cancelJobs cancels the job in Slurm, the
 * lock keeps jobs from being submitted, the counts and the queue name the Slurm destination, and
 * the Server screen's status finds Slurm answering. Runs where a one-node Slurm is started
 * (`sudo npm run slurm:start`, TEST_SLURM=1); skipped elsewhere, saying so.
 */
const TOOLS = {
  'sleeper.xml': `<tool id="sleeper" name="Sleeps" version="1.0"><command>sleep 60; cat $input > $output</command>
  <inputs><param name="input" type="data" label="Input"/></inputs><outputs><data name="output" format="txt"/></outputs></tool>`,
};

const JOB_CONF = slurmJobConf({ localWorkers: 2, cluster: '<param id="nativeSpecification">--ntasks=1 --cpus-per-task=1 --mem=200</param>' });

const slurmState = (id: string): string => spawnSync('scontrol', ['show', 'job', '-o', id], { encoding: 'utf8' }).stdout.match(/JobState=(\S+)/)?.[1] ?? 'GONE';

describeWithSlurm('administrators and Slurm jobs', () => {
  let toolDir: string;
  let h: TestPlatform;
  let alice: TestUser;
  let history: string;
  let input: string;

  const graph = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const res = await h.api.post('/graphql').set('x-api-key', h.admin.key).send({ query, variables });
    if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
    return res.body.data as T;
  };
  const job = (id: string) => h.api.get(`/api/jobs/${id}`).query({ key: h.admin.key }).then((res) => res.body as { state: string; external_id?: string | null });

  beforeAll(async () => {
    toolDir = toolDirectory(TOOLS);
    h = await startPlatformWithJobConf(JOB_CONF, { SLURM_POLL_MS: '250', TOOL_DIRS: toolDir });
    alice = await h.newUser('alice');
    history = await createHistory(h, alice.key);
    const upload = await uploadText(h, alice.key, history, 'input\n', { fileType: 'txt' });
    await waitForJob(h, alice.key, upload.jobId);
    input = upload.datasetId;
  });
  afterAll(async () => {
    await h?.close();
    rmSync(toolDir, { recursive: true, force: true });
  });

  it('cancelJobs cancels a running job in Slurm', async () => {
    const run = await runTool(h, alice.key, history, 'sleeper', { input: { src: 'hda', id: input } });
    const id = run.jobs[0].id;
    const slurmId = await eventually(async () => (await job(id)).external_id ?? null, 20000, 'the Slurm job id');
    await eventually(async () => (await job(id)).state === 'running', 30000, 'the job to run');
    const done = await graph<{ cancelJobs: { cancelledIds: string[] } }>('mutation ($ids: [ID!]!) { cancelJobs(ids: $ids) { cancelledIds } }', { ids: [id] });
    expect(done.cancelJobs.cancelledIds).toEqual([id]);
    await eventually(async () => slurmState(slurmId) === 'CANCELLED' || slurmState(slurmId) === 'GONE', 20000, 'Slurm to cancel the job');
    expect((await job(id)).state).toBe('deleted');
  });

  it('the lock keeps a job from being submitted to Slurm; it counts queued at its destination until unlocked', async () => {
    await graph('mutation { setJobLock(locked: true) { locked } }');
    const run = await runTool(h, alice.key, history, 'cat1', { input1: { src: 'hda', id: input } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await job(run.jobs[0].id)).toMatchObject({ state: 'queued', external_id: null });
    const counts = await graph<{ jobCounts: { counts: Array<{ state: string; destinationId: string | null; count: number }> } }>('{ jobCounts { counts { state destinationId count } } }');
    expect(counts.jobCounts.counts).toContainEqual({ state: 'queued', destinationId: 'cluster', count: 1 });
    const status = await graph<{ serverStatus: { queue: Array<{ destinationId: string | null; waiting: number }>; slurm: { configured: boolean; reachable: boolean | null } } }>(
      '{ serverStatus { queue { destinationId waiting } slurm { configured reachable } } }',
    );
    expect(status.serverStatus.queue).toContainEqual({ destinationId: 'cluster', waiting: 1 });
    expect(status.serverStatus.slurm).toEqual({ configured: true, reachable: true });
    await graph('mutation { setJobLock(locked: false) { locked } }');
    expect((await waitForJob(h, alice.key, run.jobs[0].id)).state).toBe('ok');
  });
});
