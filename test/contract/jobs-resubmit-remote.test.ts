import { createHistory, runTool } from '../support/data-helpers';
import { toolDirectory } from '../support/history-helpers';
import { startPlatformWithJobConf } from '../support/job-conf-platform';
import type { TestPlatform, TestUser } from '../support/test-platform';
import { OVERTIME_TOOL } from '../support/job-helpers';

/**
 * job_conf.xml `<resubmit>` for a run of a remote runner (`npm run runner`): the runner reports the
 * limit that stopped its command (`limitReached` of completeRemoteJob), and the destination's rules
 * apply to it as to a local or Slurm run. This file plays the runner through the graph, as the runner
 * does (its own side, reporting the limit, is tested in test/unit/remote-runner/worker.test.ts).
 */

const JOB_CONF = `<?xml version="1.0"?>
<job_conf>
  <plugins>
    <plugin id="local" type="runner" load="galaxy.jobs.runners.local:LocalJobRunner"/>
  </plugins>
  <destinations default="main">
    <destination id="main" runner="local"/>
    <destination id="first" runner="local">
      <resubmit condition="walltime_reached" destination="second"/>
    </destination>
    <destination id="second" runner="local"/>
  </destinations>
  <tools>
    <tool id="overtime" destination="first"/>
  </tools>
  <limits>
    <limit type="walltime">00:00:05</limit>
  </limits>
</job_conf>`;

const RUNNER = { 'x-runner-token': 'secret' };
const CLAIM = 'mutation { claimRemoteJob(runnerName: "far-away") { id jobKey claimId toolId timeoutSeconds } }';
const COMPLETE = `mutation ($id: ID!, $jobKey: String!, $result: RemoteJobResultInput!, $claimId: String) {
  completeRemoteJob(id: $id, jobKey: $jobKey, result: $result, claimId: $claimId) { id state }
}`;
const ATTEMPTS = 'query ($id: ID!) { job(id: $id) { state destinationId attempts { number state limitReached destinationId runner } } }';

interface Claimed {
  id: string;
  jobKey: string;
  claimId: string;
  toolId: string;
  timeoutSeconds: number;
}

let h: TestPlatform;
let alice: TestUser;
let history: string;

beforeAll(async () => {
  // No local workers (LOCAL_JOB_WORKERS, the plugin naming none): only the runner played here claims jobs.
  h = await startPlatformWithJobConf(JOB_CONF, { LOCAL_JOB_WORKERS: '0', RUNNER_TOKENS: 'secret', TOOL_DIRS: toolDirectory({ 'overtime.xml': OVERTIME_TOOL }) });
  alice = await h.newUser('alice');
  history = await createHistory(h, alice.key);
});
afterAll(() => h?.close());

async function graph(query: string, variables: Record<string, unknown>, headers: Record<string, string>) {
  const res = await h.api.post('/graphql').set(headers).send({ query, variables });
  expect(res.status).toBe(200);
  return res.body as { data: Record<string, unknown> | null; errors?: Array<{ message: string; extensions: { code: string } }> };
}

async function claim(): Promise<Claimed> {
  const answer = await graph(CLAIM, {}, RUNNER);
  expect(answer.errors).toBeUndefined();
  return answer.data?.claimRemoteJob as Claimed;
}

/** The report of a run the runner's time limit stopped (as src/remote-runner/run-job.ts sends it). */
const overTime = (limitReached: string | null) => {
  const now = Date.now() / 1000;
  return { exitCode: 143, stdout: '', stderr: '', startEpoch: now - 5, endEpoch: now, runnerName: 'far-away', failure: 'Job exceeded the time limit of 5 seconds', limitReached };
};

const complete = (job: Claimed, result: Record<string, unknown>) => graph(COMPLETE, { id: job.id, jobKey: job.jobKey, result, claimId: job.claimId }, RUNNER);

describe('completeRemoteJob with limitReached: the destination\'s <resubmit> rules apply to a remote run', () => {
  it('hands the runner the walltime as its time limit, resubmits a run stopped by it to the rule\'s destination, and ends a run there without a rule in error', async () => {
    const run = await runTool(h, alice.key, history, 'overtime', {});
    const jobId = run.jobs[0].id as string;

    const first = await claim();
    expect(first).toMatchObject({ id: jobId, toolId: 'overtime', timeoutSeconds: 5 });

    // An unknown limit is refused, the job still the runner's.
    const refused = await complete(first, overTime('disk_full'));
    expect(refused.errors?.[0]).toMatchObject({ message: expect.stringContaining('limitReached must be one of memory_limit_reached, walltime_reached'), extensions: { code: 'RequestParameterInvalidException' } });
    expect((await h.api.get(`/api/jobs/${jobId}`).query({ key: alice.key })).body.state).toBe('running');

    const resubmitted = await complete(first, overTime('walltime_reached'));
    expect(resubmitted.errors).toBeUndefined();
    expect(resubmitted.data?.completeRemoteJob).toEqual({ id: jobId, state: 'resubmitted' });
    const waiting = await h.api.get(`/api/jobs/${jobId}`).query({ key: alice.key });
    expect(waiting.body.state).toBe('resubmitted');
    expect((await h.api.get(`/api/datasets/${run.outputs[0].id}`).query({ key: alice.key })).body.state).toBe('queued');

    // Claimed again, now at the rule's destination, which has no rule: the same report ends it in error.
    const second = await claim();
    expect(second.id).toBe(jobId);
    const ended = await complete(second, overTime('walltime_reached'));
    expect(ended.data?.completeRemoteJob).toEqual({ id: jobId, state: 'error' });

    const shown = await graph(ATTEMPTS, { id: jobId }, { 'x-api-key': h.admin.key });
    expect(shown.data?.job).toMatchObject({ state: 'error', destinationId: 'second' });
    const attempts = (shown.data?.job as { attempts: Array<Record<string, unknown>> }).attempts;
    expect(attempts[0]).toMatchObject({ number: 1, state: 'resubmitted', limitReached: 'walltime_reached', destinationId: 'first', runner: 'remote' });
    const output = await h.api.get(`/api/datasets/${run.outputs[0].id}`).query({ key: alice.key });
    expect(output.body).toMatchObject({ state: 'error', misc_info: expect.stringContaining('Job exceeded the time limit of 5 seconds') });
  });

  it('records the run of a runner that sends no limit (older runners) as before: an error, not resubmitted', async () => {
    const run = await runTool(h, alice.key, history, 'overtime', {});
    const job = await claim();
    const { limitReached: _omitted, ...older } = overTime(null);
    const ended = await complete(job, older);
    expect(ended.data?.completeRemoteJob).toEqual({ id: run.jobs[0].id, state: 'error' });
  });
});
