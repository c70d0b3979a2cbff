import { spawnSync } from 'node:child_process';
import { createHistory, datasetText, runTool, waitForJob } from '../support/data-helpers';
import { eventually, toolDirectory } from '../support/history-helpers';
import { waitForJobState } from '../support/job-helpers';
import { patient } from '../support/patience';
import { describeWithSlurm } from '../support/slurm-cluster';
import { slurmJobConf, startPlatformWithJobConf } from '../support/job-conf-platform';
import type { TestPlatform, TestUser } from '../support/test-platform';

/**
 * job_conf.xml `<resubmit>` on Slurm, as 15.05's Slurm runner does it: a job Slurm ends for its memory
 * (OUT_OF_MEMORY; FAILED with slurmstepd's memory message where memory is not enforced by cgroups)
 * or its time (TIMEOUT) goes on to the destination the rule names, and ends there, with its outputs
 * (the same datasets) and the metrics of the run that ended it.
 */

const TOOLS = {
  // Holds ~200 MB: killed under --mem=40, fine under --mem=800.
  'needs_memory.xml': `<tool id="needs_memory" name="Needs 200 MB" version="1.0"><command>python3 -c "x = bytearray(200 * 1024 * 1024); print(len(x))" > $output</command>
  <inputs/><outputs><data name="output" format="txt"/></outputs></tool>`,
  // Lingers as long as its destination's environment says (the one-minute destination: past its limit).
  'takes_time.xml': `<tool id="takes_time" name="Takes time" version="1.0"><command>sleep \\\${LINGER:-0}; echo done > $output</command>
  <inputs/><outputs><data name="output" format="txt"/></outputs></tool>`,
};

const JOB_CONF = slurmJobConf({
  localWorkers: 2,
  destinations: `
    <destination id="small_memory" runner="slurm">
      <param id="nativeSpecification">--mem=40</param>
      <resubmit condition="walltime_reached" destination="cluster"/>
      <resubmit condition="memory_limit_reached" destination="big_memory"/>
    </destination>
    <destination id="big_memory" runner="slurm">
      <param id="nativeSpecification">--mem=800</param>
    </destination>
    <destination id="one_minute" runner="slurm">
      <param id="nativeSpecification">--time=1</param>
      <env id="LINGER">300</env>
      <resubmit condition="walltime_reached" destination="no_limit"/>
    </destination>
    <destination id="no_limit" runner="slurm"/>`,
  sections: `
  <tools>
    <tool id="needs_memory" destination="small_memory"/>
    <tool id="takes_time" destination="one_minute"/>
  </tools>`,
});

const ATTEMPTS = 'query ($id: ID!) { job(id: $id) { state destinationId attempts { number state limitReached destinationId runner externalId externalState } } }';

interface Attempt {
  number: number;
  state: string;
  limitReached: string | null;
  destinationId: string | null;
  runner: string | null;
  externalId: string | null;
  externalState: string | null;
}

let h: TestPlatform;
let alice: TestUser;
let history: string;
let overtime: Promise<{ jobId: string; outputId: string; firstSlurmId: string }>;

const attemptsOf = async (jobId: string): Promise<{ state: string; destinationId: string | null; attempts: Attempt[] }> => {
  const res = await h.api.post('/graphql').query({ key: h.admin.key }).send({ query: ATTEMPTS, variables: { id: jobId } });
  return res.body.data.job;
};
const slurmIdOf = (jobId: string) => eventually(async () => (await h.api.get(`/api/jobs/${jobId}`).query({ key: h.admin.key })).body.external_id as string | null, 20000, 'the Slurm job id');

/**
 * Runs the tool on the one-minute destination (--time=1, Slurm's smallest limit) and, once Slurm runs
 * it, takes that minute back (`scontrol update TimeLimit=-1`): Slurm's next check of time limits (every
 * 30 s) ends it in TIMEOUT as the minute would have, in at most 30 s instead of 60 to 90. Submitted
 * before the tests (beforeAll) and checked last, so the memory test runs meanwhile.
 */
async function submitOvertime(): Promise<{ jobId: string; outputId: string; firstSlurmId: string }> {
  const run = await runTool(h, alice.key, history, 'takes_time', {});
  const jobId = run.jobs[0].id;
  const firstSlurmId = await slurmIdOf(jobId);
  await waitForJobState(h, alice.key, jobId, ['running'], 30000);
  spawnSync('scontrol', ['update', `jobid=${firstSlurmId}`, 'TimeLimit=-1'], { encoding: 'utf8' });
  return { jobId, outputId: run.outputs[0].id, firstSlurmId };
}

describeWithSlurm('<resubmit> on Slurm: a job that reached a limit of its destination ends at the rule\'s destination', () => {
  beforeAll(async () => {
    h = await startPlatformWithJobConf(JOB_CONF, { SLURM_POLL_MS: '250', TOOL_DIRS: toolDirectory(TOOLS) });
    alice = await h.newUser('alice');
    history = await createHistory(h, alice.key);
    overtime = submitOvertime();
    overtime.catch(() => undefined); // awaited by the walltime test
  }, patient(60000));
  afterAll(() => h?.close());

  it('memory_limit_reached: killed under --mem=40 (OUT_OF_MEMORY), resubmitted to --mem=800, ok there; both Slurm jobs listed', async () => {
    const run = await runTool(h, alice.key, history, 'needs_memory', {});
    const jobId = run.jobs[0].id;
    const job = await waitForJob(h, alice.key, jobId, 60000);
    expect(job.state).toBe('ok');
    // The same output dataset, written by the second run.
    expect(job.outputs).toEqual({ output: expect.objectContaining({ id: run.outputs[0].id }) });
    expect((await datasetText(h, alice.key, run.outputs[0].id)).trim()).toBe(String(200 * 1024 * 1024));
    const shown = await attemptsOf(jobId);
    expect(shown.destinationId).toBe('big_memory');
    expect(shown.attempts).toEqual([
      // The rule for the walltime is passed over: the first rule whose condition matches applies.
      // (Where cgroups do not enforce --mem, Slurm kills the job itself and it ends FAILED, saying why.)
      { number: 1, state: 'resubmitted', limitReached: 'memory_limit_reached', destinationId: 'small_memory', runner: 'slurm', externalId: expect.stringMatching(/^\d+$/), externalState: expect.stringMatching(/^(OUT_OF_MEMORY|FAILED)$/) },
      { number: 2, state: 'ok', limitReached: null, destinationId: 'big_memory', runner: 'slurm', externalId: expect.stringMatching(/^\d+$/), externalState: 'COMPLETED' },
    ]);
    expect(shown.attempts[0].externalId).not.toBe(shown.attempts[1].externalId);
    // The metrics are the run's that ended the job: its allocation.
    const metrics = (await h.api.get(`/api/jobs/${jobId}`).query({ key: alice.key, full: true })).body.job_metrics as Array<{ name: string; raw_value: string }>;
    expect(metrics.filter((metric) => metric.name === 'galaxy_memory_mb').map((metric) => metric.raw_value)).toEqual(['800']);
  }, patient(90000));

  it('walltime_reached: ended by --time (TIMEOUT), resubmitted to a destination without a limit, ok there; both Slurm jobs listed', async () => {
    const { jobId, outputId, firstSlurmId } = await overtime;
    const job = await waitForJob(h, alice.key, jobId, 60000);
    expect(job.state).toBe('ok');
    expect(job.outputs).toEqual({ output: expect.objectContaining({ id: outputId }) });
    expect((await datasetText(h, alice.key, outputId)).trim()).toBe('done');
    const shown = await attemptsOf(jobId);
    expect(shown.attempts).toEqual([
      { number: 1, state: 'resubmitted', limitReached: 'walltime_reached', destinationId: 'one_minute', runner: 'slurm', externalId: firstSlurmId, externalState: 'TIMEOUT' },
      { number: 2, state: 'ok', limitReached: null, destinationId: 'no_limit', runner: 'slurm', externalId: expect.stringMatching(/^\d+$/), externalState: 'COMPLETED' },
    ]);
    expect(shown.attempts[1].externalId).not.toBe(firstSlurmId);
  }, patient(90000));
});
