import { spawnSync } from 'node:child_process';
import { createHistory, datasetText, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { eventually, toolDirectory } from '../support/history-helpers';
import { decoded, sql } from '../support/job-helpers';
import { describeWithSlurm, slurmCommand } from '../support/slurm-cluster';
import type { SlurmRunner } from '../../src/jobs/slurm/slurm-runner';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { copyHeadWorkflow, importWorkflow, inputStepIds, singleToolWorkflow, waitForHistory } from '../support/workflow-helpers';
import { patient } from '../support/patience';
import { slurmJobConf, startPlatformWithJobConf } from '../support/job-conf-platform';

type Dict = Record<string, unknown>;

/** Tools that fail in the ways a cluster job can. */
const TOOLS = {
  'fails.xml': `<tool id="fails" name="Fails" version="1.0"><command>echo doomed >&amp;2; exit 3</command>
  <inputs><param name="input" type="data" label="Input"/></inputs><outputs><data name="output" format="txt"/></outputs></tool>`,
  'memory_hog.xml': `<tool id="memory_hog" name="Takes memory" version="1.0"><command>python3 -c "x = bytearray(400 * 1024 * 1024); import time; time.sleep(20)" > $output</command>
  <inputs><param name="input" type="data" label="Input"/></inputs><outputs><data name="output" format="txt"/></outputs></tool>`,
  'holds_memory.xml': `<tool id="holds_memory" name="Holds memory" version="1.0"><command>big=\\$(head -c 30000000 /dev/zero | tr '\\0' a) &amp;&amp; sleep 1 &amp;&amp; echo \\\${#big} > $output</command>
  <inputs><param name="input" type="data" label="Input"/></inputs><outputs><data name="output" format="txt"/></outputs></tool>`,
  'sleeper.xml': `<tool id="sleeper" name="Sleeps" version="1.0"><command>sleep 60; cat $input > $output</command>
  <inputs><param name="input" type="data" label="Input"/></inputs><outputs><data name="output" format="txt"/></outputs></tool>`,
  'overtime.xml': `<tool id="overtime" name="Runs too long" version="1.0"><command>sleep 300; cat $input > $output</command>
  <inputs><param name="input" type="data" label="Input"/></inputs><outputs><data name="output" format="txt"/></outputs></tool>`,
  'pause_copy.xml': `<tool id="pause_copy" name="Copies after a pause" version="1.0"><command>sleep 4; cat $input > $output</command>
  <inputs><param name="input" type="data" label="Input"/></inputs><outputs><data name="output" format="txt"/></outputs></tool>`,
};

/**
 * The platform's own job_conf.xml format: a local and a Slurm destination (the default), tool
 * mappings, and a walltime limit of one minute (Slurm's shortest): every Slurm job whose destination
 * sets no --time gets --time=1 (and the local runner's limit is a minute too).
 */
const JOB_CONF = slurmJobConf({
  localWorkers: 2,
  cluster: `
      <param id="nativeSpecification">--ntasks=1 --cpus-per-task=1 --mem=200</param>
      <env id="PLATFORM_DESTINATION">cluster</env>`,
  destinations: `
    <destination id="tiny_memory" runner="slurm">
      <param id="nativeSpecification">--mem=50</param>
    </destination>`,
  sections: `
  <handlers><handler id="main"/></handlers>
  <tools>
    <tool id="memory_hog" destination="tiny_memory"/>
  </tools>
  <limits>
    <limit type="walltime">00:01:00</limit>
  </limits>`,
});

const slurmState = (id: string): string => spawnSync('scontrol', ['show', 'job', '-o', id], { encoding: 'utf8' }).stdout.match(/JobState=(\S+)/)?.[1] ?? 'GONE';

let alice: TestUser;

interface JobSummary {
  tool: string;
  state: string;
  exitCode: unknown;
  outputs: string[];
  metrics: string[];
  runner: string | null;
}

/**
 * The same work on any platform: an upload, a tool run, a map over a 20-dataset list and a 3-step
 * workflow run; answers every job of it (by tool and creation order) with its outputs' text.
 */
async function everydayWork(h: TestPlatform, user: TestUser): Promise<JobSummary[]> {
  const history = await createHistory(h, user.key, 'everyday work');
  const upload = await uploadText(h, user.key, history, 'alpha\nbeta\ngamma\n', { fileType: 'txt', name: 'letters' });
  await waitForJob(h, user.key, upload.jobId);
  await runTool(h, user.key, history, 'cat1', { input1: { src: 'hda', id: upload.datasetId } });
  const elements: Dict[] = [];
  for (let index = 0; index < 20; index += 1) {
    const element = await uploadText(h, user.key, history, `line ${index}\nmore ${index}\n`, { fileType: 'txt', name: `sample${index}` });
    elements.push({ name: `sample${index}`, src: 'hda', id: element.datasetId });
  }
  await waitForHistory(h, user.key, history, 60000);
  const list = await h.api.post(`/api/histories/${history}/contents`).query({ key: user.key }).send({ type: 'dataset_collection', collection_type: 'list', element_identifiers: elements });
  expect(list.status).toBe(200);
  const mapped = await runTool(h, user.key, history, 'Show beginning1', { input: { batch: true, values: [{ src: 'hdca', id: list.body.id }] }, lineNum: '1' });
  expect(mapped.jobs).toHaveLength(20);
  const workflow = await importWorkflow(h, user.key, copyHeadWorkflow('copy then head'));
  const steps = await inputStepIds(h, user.key, workflow.id);
  const run = await h.api.post('/api/workflows').type('form').send({ key: user.key, workflow_id: workflow.id, history: `hist_id=${history}`, ds_map: JSON.stringify({ [steps.data]: { src: 'hda', id: upload.datasetId } }) });
  expect(run.status).toBe(200);
  await eventually(async () => {
    const jobs = (await h.api.get('/api/jobs').query({ key: user.key, history_id: history })).body as Dict[];
    return jobs.length === 44 && jobs.every((job) => ['ok', 'error'].includes(String(job.state)));
  }, 120000, 'every job of the work to end');
  // In the order they were created (the listing's is the order of their last change).
  const jobs = ((await h.api.get('/api/jobs').query({ key: user.key, history_id: history })).body as Array<Dict & { id: string }>).sort((a, b) => decoded(h, a.id) - decoded(h, b.id));
  const summaries: JobSummary[] = [];
  for (const job of jobs) {
    const shown = (await h.api.get(`/api/jobs/${job.id}`).query({ key: h.admin.key, full: true })).body as Dict;
    const runner = (await h.api.post('/graphql').query({ key: h.admin.key }).send({ query: 'query ($id: ID!) { job(id: $id) { runner } }', variables: { id: job.id } })).body.data.job.runner;
    const outputs: string[] = [];
    for (const output of Object.values(shown.outputs as Record<string, { id: string }>)) outputs.push(await datasetText(h, user.key, output.id));
    // (Where the cluster keeps accounting, Slurm jobs have sacct's metrics too, plugin slurm: job-memory-metrics.test.ts.)
    const metrics = (shown.job_metrics as Array<{ plugin: string; name: string; raw_value: string }>)
      .filter((metric) => metric.plugin !== 'slurm')
      .map((metric) => (metric.name === 'galaxy_slots' || metric.name === 'exit_code' ? `${metric.name}=${metric.raw_value}` : metric.name));
    summaries.push({ tool: String(shown.tool_id), state: String(shown.state), exitCode: shown.exit_code, outputs, metrics: metrics.sort(), runner });
  }
  return summaries;
}

/** The everyday work as the local runner does it, to compare the Slurm runner's with. */
let onLocal: JobSummary[] | undefined;

describeWithSlurm('the everyday work on the local runner, for the comparison', () => {
  // What it compares does not depend on the database (CI runs the jobs group on the default one only).
  it('an upload, a tool run, a map over 20 datasets and a 3-step workflow run on a platform without Slurm', async () => {
    const local = await startTestPlatform();
    try {
      onLocal = await everydayWork(local, await local.newUser('alice'));
    } finally {
      await local.close();
    }
    expect(onLocal.every((job) => job.runner === 'local' && job.state === 'ok')).toBe(true);
  }, patient(300000));
});

/**
 * Jobs on Slurm destinations, all on one platform: the two tests that wait a minute or more for
 * Slurm (a job's time limit, the controller forgetting a job) start first (beforeAll) and are
 * checked last, so every other test runs while they wait.
 */
describeWithSlurm('jobs routed to Slurm', () => {
  let h: TestPlatform;
  let history: string;
  let input: string;
  let overtime: Promise<{ run: Awaited<ReturnType<typeof runTool>>; timeLimit: string }>;
  let forgotten: Promise<{ run: Awaited<ReturnType<typeof runTool>>; slurmId: string; knownAfterEnd: boolean }>;

  beforeAll(async () => {
    h = await startPlatformWithJobConf(JOB_CONF, { SLURM_POLL_MS: '250', TOOL_DIRS: toolDirectory(TOOLS) });
    alice = await h.newUser('alice');
    history = await createHistory(h, alice.key);
    const upload = await uploadText(h, alice.key, history, 'input\n', { fileType: 'txt' });
    await waitForJob(h, alice.key, upload.jobId);
    input = upload.datasetId;
    // Both wait a minute or so for Slurm; they run while the other tests do, and are checked last.
    overtime = submitOvertime();
    overtime.catch(() => undefined); // awaited by the time-limit test
    forgotten = runUnfollowedUntilForgotten();
    forgotten.catch(() => undefined); // awaited by the accounting test
  });
  afterAll(() => h.close());

  const slurmIdOf = async (jobId: string) => eventually(async () => (await h.api.get(`/api/jobs/${jobId}`).query({ key: h.admin.key })).body.external_id as string | null, 20000, 'the Slurm job id');
  const running = (jobId: string) => eventually(async () => (await h.api.get(`/api/jobs/${jobId}`).query({ key: alice.key })).body.state === 'running', 30000, 'the job to run');

  /**
   * Runs the overtime tool (`sleep 300`; its destination sets no --time, so the walltime limit
   * applies) and answers the time limit Slurm gave it. Slurm ends it by itself: its check of time
   * limits (every 30 s) ends it in TIMEOUT 60 to 90 s after its start.
   */
  async function submitOvertime(): Promise<{ run: Awaited<ReturnType<typeof runTool>>; timeLimit: string }> {
    const run = await runTool(h, alice.key, history, 'overtime', { input: { src: 'hda', id: input } });
    const slurmId = await slurmIdOf(run.jobs[0].id);
    await running(run.jobs[0].id);
    const timeLimit = spawnSync('scontrol', ['show', 'job', '-o', slurmId], { encoding: 'utf8' }).stdout.match(/TimeLimit=(\S+)/)?.[1] ?? 'none';
    return { run, timeLimit };
  }

  /**
   * A job whose end the platform does not see while Slurm remembers it (as when the platform is
   * stopped over its end): once it runs in Slurm, the runner's claim on it is taken away (its handler
   * changed, its heartbeat put in the future, so neither the runner nor the sweep takes it back), and
   * given back (the handler cleared: the runner adopts it) only after the controller has forgotten
   * the ended job (MinJobAge=30: 40 to 90 s after its end). Answers whether squeue still knew the job
   * when it was given back.
   */
  async function runUnfollowedUntilForgotten(): Promise<{ run: Awaited<ReturnType<typeof runTool>>; slurmId: string; knownAfterEnd: boolean }> {
    const run = await runTool(h, alice.key, history, 'pause_copy', { input: { src: 'hda', id: input } });
    const id = decoded(h, run.jobs[0].id);
    const slurmId = await slurmIdOf(run.jobs[0].id);
    const parked = await sql(h, "update job set handler = 'parked-by-test', heartbeat_time = now() + interval '1 day' where id = ? and state in ('queued', 'running') and external_state is not null returning id", [id]);
    if (parked.length !== 1) throw new Error('the job ended before the test could take it from the runner');
    const known = async () => (await slurmCommand('squeue', ['-h', '-t', 'all', '-j', `${slurmId},999999999`, '-o', '%T'])).trim() !== '';
    await eventually(async () => !(await known()), 150000, 'the Slurm controller to forget the ended job');
    const knownAfterEnd = await known();
    await sql(h, 'update job set handler = null where id = ?', [id]);
    return { run, slurmId, knownAfterEnd };
  }

  it('an upload, a tool run, a map over 20 datasets and a 3-step workflow: same outputs, states, exit codes and metrics as on the local runner', async () => {
    if (!onLocal) throw new Error('the local run of the everyday work (the block before) did not finish');
    const onSlurm = await everydayWork(h, await h.newUser('everyday'));
    expect(onSlurm.map((job) => job.tool)).toEqual(onLocal.map((job) => job.tool));
    // Uploads run in the server (they read its upload store); every tool job ran on Slurm.
    expect(onSlurm.filter((job) => job.tool !== 'upload1').every((job) => job.runner === 'slurm')).toBe(true);
    const comparable = (jobs: JobSummary[]) => jobs.map(({ tool, state, exitCode, outputs, metrics }) => ({ tool, state, exitCode, outputs, metrics: metrics.filter((name) => name !== 'galaxy_memory_mb' && name !== 'memory_peak_bytes') }));
    expect(comparable(onSlurm)).toEqual(comparable(onLocal));
    expect(onSlurm.every((job) => job.state === 'ok')).toBe(true);
    // Slurm knows the memory it allocated: the cluster destination's --mem.
    expect(onSlurm.filter((job) => job.runner === 'slurm').every((job) => job.metrics.includes('galaxy_memory_mb'))).toBe(true);
    // And the memory jobs used (their processes' peak, looked at by the job script every half second), as local
    // jobs' (a command over in a few milliseconds may end before the first look: see the memory test below).
    expect(onSlurm.filter((job) => job.runner === 'slurm').some((job) => job.metrics.includes('memory_peak_bytes'))).toBe(true);
    expect(onLocal.filter((job) => job.tool !== 'upload1').some((job) => job.metrics.includes('memory_peak_bytes'))).toBe(true);
  }, patient(300000));

  it('the memory a job used is recorded as memory_peak_bytes from what the job script saw on its node, beside what Slurm allocated', async () => {
    const run = await runTool(h, alice.key, history, 'holds_memory', { input: { src: 'hda', id: input } });
    expect((await waitForJob(h, alice.key, run.jobs[0].id, 60000)).state).toBe('ok');
    const metrics = (await h.api.get(`/api/jobs/${run.jobs[0].id}`).query({ key: alice.key })).body.job_metrics as Array<{ name: string; raw_value: string }>;
    const byName = Object.fromEntries(metrics.map((metric) => [metric.name, Number(metric.raw_value)]));
    // bash held a 30 MB string on the node.
    expect(byName.memory_peak_bytes).toBeGreaterThan(25_000_000);
    expect(byName.galaxy_memory_mb).toBeGreaterThan(0);
  }, patient(120000));

  it('a command that fails: error with its exit code and stderr, as on the local runner', async () => {
    const run = await runTool(h, alice.key, history, 'fails', { input: { src: 'hda', id: input } });
    const job = await waitForJob(h, alice.key, run.jobs[0].id);
    expect(job).toMatchObject({ state: 'error', exit_code: 3 });
    const dataset = (await h.api.get(`/api/datasets/${run.outputs[0].id}`).query({ key: alice.key })).body;
    expect(dataset.state).toBe('error');
    expect(dataset.misc_info).toContain('Tool exited with code 3');
    expect(job.stderr).toContain('doomed');
  });

  it('a command over its memory (--mem too small): error, killed for its memory', async () => {
    const run = await runTool(h, alice.key, history, 'memory_hog', { input: { src: 'hda', id: input } });
    const job = await waitForJob(h, alice.key, run.jobs[0].id, 60000);
    expect(job.state).toBe('error');
    const dataset = (await h.api.get(`/api/datasets/${run.outputs[0].id}`).query({ key: alice.key })).body;
    expect(dataset.misc_info).toContain('This job was terminated because it used more memory than it was allocated');
  }, patient(70000));

  it('a job cancelled in Slurm from outside (scancel): error, cancelled in Slurm', async () => {
    const run = await runTool(h, alice.key, history, 'sleeper', { input: { src: 'hda', id: input } });
    const slurmId = await slurmIdOf(run.jobs[0].id);
    await running(run.jobs[0].id);
    expect(spawnSync('scancel', [slurmId]).status).toBe(0);
    const job = await waitForJob(h, alice.key, run.jobs[0].id);
    expect(job.state).toBe('error');
    const dataset = (await h.api.get(`/api/datasets/${run.outputs[0].id}`).query({ key: alice.key })).body;
    expect(dataset.misc_info).toContain('This job failed because it was cancelled in Slurm');
  });

  it('purging the history of a running job cancels it in Slurm; nothing of it lands', async () => {
    const doomed = await createHistory(h, alice.key, 'doomed');
    const upload = await uploadText(h, alice.key, doomed, 'data\n', { fileType: 'txt' });
    await waitForJob(h, alice.key, upload.jobId);
    const run = await runTool(h, alice.key, doomed, 'sleeper', { input: { src: 'hda', id: upload.datasetId } });
    const slurmId = await slurmIdOf(run.jobs[0].id);
    await running(run.jobs[0].id);
    expect(slurmState(slurmId)).toBe('RUNNING');
    await h.api.delete(`/api/histories/${doomed}`).query({ key: alice.key, purge: true });
    await eventually(async () => slurmState(slurmId) === 'CANCELLED' || slurmState(slurmId) === 'GONE', 20000, 'Slurm to cancel the job');
    const id = decoded(h, run.jobs[0].id);
    await eventually(async () => (await sql<{ external_state: string | null }>(h, 'select external_state from job where id = ?', [id]))[0].external_state === null, 20000, 'the job to be let go');
    expect((await h.api.get(`/api/jobs/${run.jobs[0].id}`).query({ key: alice.key })).body.state).toBe('deleted');
  });

  it('deleting the output of a running job (PUT contents deleted=true) cancels the job in Slurm', async () => {
    const run = await runTool(h, alice.key, history, 'sleeper', { input: { src: 'hda', id: input } });
    const slurmId = await slurmIdOf(run.jobs[0].id);
    await running(run.jobs[0].id);
    const res = await h.api.put(`/api/histories/${history}/contents/${run.outputs[0].id}`).query({ key: alice.key }).send({ deleted: true });
    expect(res.status).toBe(200);
    await eventually(async () => slurmState(slurmId) === 'CANCELLED' || slurmState(slurmId) === 'GONE', 20000, 'Slurm to cancel the job');
    expect((await h.api.get(`/api/jobs/${run.jobs[0].id}`).query({ key: alice.key })).body.state).toBe('deleted');
    expect((await h.api.get(`/api/histories/${history}/contents/${run.outputs[0].id}`).query({ key: alice.key })).body.state).toBe('discarded');
  });

  it('cancelling a workflow invocation cancels its running job in Slurm', async () => {
    const workflow = await importWorkflow(h, alice.key, singleToolWorkflow('sleeps', 'sleeper'));
    const invocation = await h.api.post(`/api/workflows/${workflow.id}/invocations`).send({ key: alice.key, inputs: { 0: { src: 'hda', id: input } } });
    expect(invocation.status).toBe(200);
    const jobId = await eventually(async () => {
      const shown = (await h.api.get(`/api/workflows/${workflow.id}/invocations/${invocation.body.id}`).query({ key: alice.key })).body;
      return (shown.steps as Array<{ job_id: string | null }> | undefined)?.[1]?.job_id ?? null;
    }, 20000, 'the invocation to schedule its job');
    const slurmId = await slurmIdOf(jobId);
    await running(jobId);
    const cancelled = await h.api.delete(`/api/workflows/${workflow.id}/invocations/${invocation.body.id}`).query({ key: alice.key });
    expect(cancelled.body.state).toBe('cancelled');
    await eventually(async () => slurmState(slurmId) === 'CANCELLED' || slurmState(slurmId) === 'GONE', 20000, 'Slurm to cancel the job');
    expect((await h.api.get(`/api/jobs/${jobId}`).query({ key: alice.key })).body.state).toBe('deleted');
  });

  it('shows administrators the Slurm job id (external_id), the runner, the destination and Slurm state; others neither', async () => {
    const run = await runTool(h, alice.key, history, 'cat1', { input1: { src: 'hda', id: input } });
    await waitForJob(h, alice.key, run.jobs[0].id);
    const asAdmin = (await h.api.get(`/api/jobs/${run.jobs[0].id}`).query({ key: h.admin.key })).body;
    expect(asAdmin.external_id).toMatch(/^\d+$/);
    const asOwner = (await h.api.get(`/api/jobs/${run.jobs[0].id}`).query({ key: alice.key })).body;
    expect(asOwner.external_id).toBeUndefined();
    const query = 'query ($id: ID!) { job(id: $id) { runner destinationId externalId externalState } }';
    const graph = (key: string) => h.api.post('/graphql').query({ key }).send({ query, variables: { id: run.jobs[0].id } });
    // The runner lets go of the Slurm state right after it records the end (a statement of its own).
    await eventually(async () => (await graph(h.admin.key)).body.data.job.externalState === null, 10000, 'the Slurm state to be let go');
    expect((await graph(h.admin.key)).body.data.job).toEqual({ runner: 'slurm', destinationId: 'cluster', externalId: asAdmin.external_id, externalState: null });
    expect((await graph(alice.key)).body.data.job).toEqual({ runner: null, destinationId: null, externalId: null, externalState: null });
  });

  it('a job whose recorded Slurm id Slurm never had: error, lost, after 5 polls and not sooner', async () => {
    const run = await runTool(h, alice.key, history, 'sleeper', { input: { src: 'hda', id: input } });
    const slurmId = await slurmIdOf(run.jobs[0].id);
    await running(run.jobs[0].id);
    const runner = h.platform.services.jobEngine.runner('slurm') as SlurmRunner;
    const polls = () => runner.commandCounts.get('squeue') ?? 0;
    // An id Slurm never gave (a record gone wrong, or another cluster's): neither squeue nor sacct knows it.
    const before = polls();
    await sql(h, "update job set external_id = '999999990' where id = ?", [decoded(h, run.jobs[0].id)]);
    await slurmCommand('scancel', [slurmId]);
    const job = await waitForJob(h, alice.key, run.jobs[0].id, 30000);
    expect(job.state).toBe('error');
    // The poll under way at the change may have asked for the old id; the 5th of those after it found it lost.
    expect(polls() - before).toBeGreaterThanOrEqual(5);
    expect(polls() - before).toBeLessThanOrEqual(8);
    const dataset = (await h.api.get(`/api/datasets/${run.outputs[0].id}`).query({ key: alice.key })).body;
    expect(dataset.misc_info).toContain('This job failed because Slurm no longer knows it');
  });

  // Slurm checks time limits every 30 s: the job is submitted first (beforeAll) and checked last, so
  // the other tests run meanwhile (this test is the file's longest wait: 60 to 90 s, Slurm's shortest limit).
  it('a command over the walltime limit: submitted with --time=1, killed by Slurm at its time limit (TIMEOUT)', async () => {
    const { run, timeLimit } = await overtime;
    expect(timeLimit).toBe('00:01:00');
    const job = await waitForJob(h, alice.key, run.jobs[0].id, 120000);
    expect(job.state).toBe('error');
    expect(slurmState(String((await h.api.get(`/api/jobs/${run.jobs[0].id}`).query({ key: h.admin.key })).body.external_id))).toMatch(/^(TIMEOUT|GONE)$/);
    const dataset = (await h.api.get(`/api/datasets/${run.outputs[0].id}`).query({ key: alice.key })).body;
    expect(dataset.misc_info).toContain('This job was terminated because it ran longer than the maximum allowed job run time (Slurm: TIMEOUT)');
  }, patient(150000));

  it('a job that ended while nobody followed it, forgotten by the controller since: its end read from sacct, its output kept', async () => {
    const { run, knownAfterEnd } = await forgotten;
    expect(knownAfterEnd).toBe(false);
    const job = await waitForJob(h, alice.key, run.jobs[0].id, 30000);
    expect(job).toMatchObject({ state: 'ok', exit_code: 0 });
    expect(await datasetText(h, alice.key, run.outputs[0].id)).toBe('input\n');
  }, patient(180000));
});
