import { createHistory, runTool, waitForJob } from '../support/data-helpers';
import { toolDirectory } from '../support/history-helpers';
import { OVERTIME_TOOL, decoded, sql, waitForJobState } from '../support/job-helpers';
import { startPlatformWithJobConf } from '../support/job-conf-platform';
import type { TestPlatform, TestUser } from '../support/test-platform';

/**
 * job_conf.xml `<resubmit>` on the local runner (no cluster needed): a run stopped by its time limit
 * goes on to the destination the rule names, as 15.05 resubmits a job that reached its walltime;
 * JOB_MAX_RESUBMITS bounds how often. Two local destinations resubmit to each other: the chain ends
 * after two resubmissions. The walltime limit is 2 s (every local command's), so three runs take ~6 s.
 */

const JOB_CONF = `<?xml version="1.0"?>
<job_conf>
  <plugins workers="2">
    <plugin id="local" type="runner" load="galaxy.jobs.runners.local:LocalJobRunner"/>
  </plugins>
  <destinations default="main">
    <destination id="main" runner="local"/>
    <destination id="first" runner="local">
      <resubmit condition="memory_limit_reached" destination="main"/>
      <resubmit condition="walltime_reached" destination="second" handler="handler1"/>
    </destination>
    <destination id="second" runner="local">
      <resubmit destination="first"/>
    </destination>
  </destinations>
  <tools>
    <tool id="overtime" destination="first"/>
  </tools>
  <limits>
    <limit type="walltime">00:00:02</limit>
  </limits>
</job_conf>`;

const ATTEMPTS = `query ($id: ID!) { job(id: $id) { state destinationId attempts { number state limitReached reason destinationId runner externalId startTime endTime } } }`;
const LOCK = 'mutation ($locked: Boolean!) { setJobLock(locked: $locked) { locked } }';

interface Attempt {
  number: number;
  state: string;
  limitReached: string | null;
  reason: string | null;
  destinationId: string | null;
  runner: string | null;
  externalId: string | null;
  startTime: string | null;
  endTime: string | null;
}

let h: TestPlatform;
let alice: TestUser;
let history: string;

beforeAll(async () => {
  h = await startPlatformWithJobConf(JOB_CONF, { JOB_MAX_RESUBMITS: '2', TOOL_DIRS: toolDirectory({ 'overtime.xml': OVERTIME_TOOL }), JOB_POLL_MS: '50' });
  alice = await h.newUser('alice');
  history = await createHistory(h, alice.key);
});
afterAll(() => h?.close());

async function graph<T>(key: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await h.api.post('/graphql').query({ key }).send({ query, variables });
  if (res.status !== 200 || res.body.errors) throw new Error(`graph: ${res.status} ${JSON.stringify(res.body.errors ?? res.body)}`);
  return res.body.data as T;
}

const jobAttempts = async (key: string, id: string) => (await graph<{ job: { state: string; destinationId: string | null; attempts: Attempt[] } }>(key, ATTEMPTS, { id })).job;

describe('a job_conf.xml with <resubmit> rules', () => {
  it('starts the service, the Server screen showing each destination its rules', async () => {
    const status = await graph<{ serverStatus: { configuration: Array<{ key: string; value: string }> } }>(h.admin.key, '{ serverStatus { configuration { key value } } }', {});
    const jobConf = JSON.parse(status.serverStatus.configuration.find((entry) => entry.key === 'jobConf')?.value ?? '{}') as { destinations: unknown[] };
    expect(jobConf.destinations).toEqual([
      { id: 'main', runner: 'local' },
      { id: 'first', runner: 'local', resubmit: [{ condition: 'memory_limit_reached', destination: 'main' }, { condition: 'walltime_reached', destination: 'second' }] },
      { id: 'second', runner: 'local', resubmit: [{ condition: 'any', destination: 'first' }] },
    ]);
  });
});

describe('<resubmit condition="walltime_reached">: a run over its time limit goes on to the rule\'s destination, at most JOB_MAX_RESUBMITS times', () => {
  it('waits as resubmitted (15.05 message, the same outputs queued again), then, resubmitted back and forth twice, ends in error listing every attempt', async () => {
    const run = await runTool(h, alice.key, history, 'overtime', {});
    const jobId = run.jobs[0].id;
    const outputId = run.outputs[0].id;
    await waitForJobState(h, alice.key, jobId, ['running'], 10000);
    // New jobs locked: the resubmitted job waits, as it would for a busy destination, where the test can see it.
    await graph(h.admin.key, LOCK, { locked: true });
    try {
      const waiting = await waitForJobState(h, alice.key, jobId, ['resubmitted'], 10000);
      expect(waiting.state).toBe('resubmitted');
      const output = (await h.api.get(`/api/datasets/${outputId}`).query({ key: alice.key })).body;
      // The platform's `resubmitted` of a dataset: its job was resubmitted at some point.
      expect(output).toMatchObject({ id: outputId, state: 'queued', resubmitted: true });
      const asAdmin = await jobAttempts(h.admin.key, jobId);
      expect(asAdmin.destinationId).toBe('second');
      expect(asAdmin.attempts).toEqual([
        expect.objectContaining({ number: 1, state: 'resubmitted', limitReached: 'walltime_reached', destinationId: 'first', runner: 'local', externalId: null }),
      ]);
      expect(asAdmin.attempts[0].reason).toMatch(/^Job exceeded the time limit of 2 seconds/);
      const [row] = await sql<{ info: string }>(h, 'select info from job where id = ?', [decoded(h, jobId)]);
      expect(row.info).toBe('This job was resubmitted to the queue because it reached the walltime on its compute resource.');
    } finally {
      await graph(h.admin.key, LOCK, { locked: false });
    }

    const ended = await waitForJob(h, alice.key, jobId, 20000);
    expect(ended.state).toBe('error');
    expect(ended.outputs).toEqual({ output: expect.objectContaining({ id: outputId }) });
    const output = (await h.api.get(`/api/datasets/${outputId}`).query({ key: alice.key })).body;
    expect(output.state).toBe('error');
    expect(output.misc_info).toContain('Job exceeded the time limit of 2 seconds');
    expect(output.misc_info).toContain('It was not resubmitted again: it had been resubmitted 2 times, the most this server allows.');

    const asAdmin = await jobAttempts(h.admin.key, jobId);
    expect(asAdmin.attempts.map(({ number, state, limitReached, destinationId, runner }) => ({ number, state, limitReached, destinationId, runner }))).toEqual([
      { number: 1, state: 'resubmitted', limitReached: 'walltime_reached', destinationId: 'first', runner: 'local' },
      { number: 2, state: 'resubmitted', limitReached: 'walltime_reached', destinationId: 'second', runner: 'local' },
      { number: 3, state: 'error', limitReached: 'walltime_reached', destinationId: 'first', runner: 'local' },
    ]);
    for (const attempt of asAdmin.attempts) expect(new Date(attempt.endTime ?? 0).getTime()).toBeGreaterThan(new Date(attempt.startTime ?? 0).getTime());
    // The owner sees each attempt's number, state, limit and reason; where it ran is the administrators'.
    const asOwner = await jobAttempts(alice.key, jobId);
    expect(asOwner.attempts.map(({ number, state, destinationId, runner, externalId }) => ({ number, state, destinationId, runner, externalId }))).toEqual([
      { number: 1, state: 'resubmitted', destinationId: null, runner: null, externalId: null },
      { number: 2, state: 'resubmitted', destinationId: null, runner: null, externalId: null },
      { number: 3, state: 'error', destinationId: null, runner: null, externalId: null },
    ]);
    expect(asOwner.attempts[2].reason).toContain('resubmitted 2 times');

    // One set of metrics, the last run's; crash recovery's claims counted apart from resubmissions.
    const shown = (await h.api.get(`/api/jobs/${jobId}`).query({ key: alice.key, full: true })).body as { job_metrics: Array<{ name: string }> };
    expect(shown.job_metrics.filter((metric) => metric.name === 'runtime_seconds')).toHaveLength(1);
    const [counts] = await sql<{ attempts: number; resubmissions: number }>(h, 'select attempts, resubmissions from job where id = ?', [decoded(h, jobId)]);
    expect(counts).toEqual({ attempts: 1, resubmissions: 2 });
  });
});
