import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHistory, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { toolDirectory } from '../support/history-helpers';
import { decoded, sql } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * Destinations and limits as the platform's operators configure them (job_conf.xml, JOB_CONFIG_FILE),
 * here with local destinations only: a job is recorded with the destination its tool maps to, and
 * concurrency limits hold across every process that claims jobs from the database.
 */

const SLOW = `<tool id="slow_copy" name="Slow copy" version="1.0"><command>sleep 0.6; cat $input > $output</command>
  <inputs><param name="input" type="data" label="Input"/></inputs><outputs><data name="output" format="txt"/></outputs></tool>`;

const JOB_CONF = `<?xml version="1.0"?>
<job_conf>
  <plugins workers="2">
    <plugin id="local" type="runner" load="galaxy.jobs.runners.local:LocalJobRunner"/>
  </plugins>
  <destinations default="main">
    <destination id="main" runner="local"/>
    <destination id="narrow" runner="local" tags="small"/>
  </destinations>
  <tools>
    <tool id="Show beginning1" destination="narrow"/>
  </tools>
  <limits>
    <limit type="registered_user_concurrent_jobs">1</limit>
    <limit type="destination_total_concurrent_jobs" tag="small">1</limit>
  </limits>
</job_conf>`;

let dir: string;
let h: TestPlatform;
let second: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let input: { alice: string; bob: string; aliceHistory: string; bobHistory: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'job-destinations-'));
  writeFileSync(join(dir, 'job_conf.xml'), JOB_CONF);
  const env = { JOB_CONFIG_FILE: join(dir, 'job_conf.xml'), TOOL_DIRS: toolDirectory({ 'slow_copy.xml': SLOW }), JOB_POLL_MS: '50' };
  // Two processes on one database and one data directory: limits must hold across both (the second
  // start gives the administrator a new key: second.admin.key is the valid one).
  h = await startTestPlatform(env, { dataDir: join(dir, 'data') });
  second = await startTestPlatform(env, { reset: false, dataDir: join(dir, 'data') });
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  const aliceHistory = await createHistory(h, alice.key);
  const bobHistory = await createHistory(h, bob.key);
  const a = await uploadText(h, alice.key, aliceHistory, 'alice\n', { fileType: 'txt' });
  const b = await uploadText(h, bob.key, bobHistory, 'bob\n', { fileType: 'txt' });
  await waitForJob(h, alice.key, a.jobId);
  await waitForJob(h, bob.key, b.jobId);
  input = { alice: a.datasetId, bob: b.datasetId, aliceHistory, bobHistory };
});
afterAll(async () => {
  await second.close();
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Samples, until the jobs end, the most jobs running at once among those the query counts. */
async function mostAtOnce(jobIds: string[], running: string, params: unknown[] = []): Promise<number> {
  let most = 0;
  for (;;) {
    const [row] = await sql<{ n: number }>(h, `select count(*)::int as n from job where state = 'running' and ${running}`, params);
    most = Math.max(most, row.n);
    const states = await sql<{ state: string }>(h, 'select state from job where id = any(array(select v::int from jsonb_array_elements_text(?::jsonb) v))', [JSON.stringify(jobIds.map((id) => decoded(h, id)))]);
    if (states.every((job) => ['ok', 'error'].includes(job.state))) return most;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a tool mapped to a destination (job_conf.xml <tools>)', () => {
  it('runs there: administrators see the destination each job was routed to', async () => {
    const head = await runTool(h, alice.key, input.aliceHistory, 'Show beginning1', { input: { src: 'hda', id: input.alice }, lineNum: '1' });
    const cat = await runTool(h, alice.key, input.aliceHistory, 'cat1', { input1: { src: 'hda', id: input.alice } });
    for (const run of [head, cat]) expect((await waitForJob(h, alice.key, run.jobs[0].id)).state).toBe('ok');
    const destination = async (jobId: string) =>
      (await h.api.post('/graphql').query({ key: second.admin.key }).send({ query: 'query ($id: ID!) { job(id: $id) { runner destinationId } }', variables: { id: jobId } })).body.data.job;
    expect(await destination(head.jobs[0].id)).toEqual({ runner: 'local', destinationId: 'narrow' });
    expect(await destination(cat.jobs[0].id)).toEqual({ runner: 'local', destinationId: 'main' });
  });
});

describe('<limit type="registered_user_concurrent_jobs">', () => {
  it("runs a user's jobs one at a time across two processes (four workers), while another user's run beside them", async () => {
    const aliceRuns = [];
    for (let i = 0; i < 4; i += 1) aliceRuns.push((await runTool(h, alice.key, input.aliceHistory, 'slow_copy', { input: { src: 'hda', id: input.alice } })).jobs[0].id);
    const bobRun = (await runTool(second, bob.key, input.bobHistory, 'slow_copy', { input: { src: 'hda', id: input.bob } })).jobs[0].id;
    const [aliceRow] = await sql<{ id: number }>(h, 'select id from galaxy_user where email = ?', [alice.email]);
    const most = await mostAtOnce([...aliceRuns, bobRun], 'user_id = ?', [aliceRow.id]);
    expect(most).toBe(1);
    for (const id of [...aliceRuns, bobRun]) expect((await waitForJob(h, second.admin.key, id)).state).toBe('ok');
    // Bob's job did not wait for all of Alice's.
    const [bobJob] = await sql<{ end_time: Date }>(h, 'select end_time from job where id = ?', [decoded(h, bobRun)]);
    const [lastAlice] = await sql<{ end_time: Date }>(h, 'select max(end_time) as end_time from job where id = any(array(select v::int from jsonb_array_elements_text(?::jsonb) v))', [JSON.stringify(aliceRuns.map((id) => decoded(h, id)))]);
    expect(new Date(bobJob.end_time).getTime()).toBeLessThan(new Date(lastAlice.end_time).getTime());
  });
});

describe('<limit type="destination_total_concurrent_jobs" tag="…">', () => {
  it('runs the jobs of the tagged destinations one at a time, whoever their users', async () => {
    const runs = [
      (await runTool(h, alice.key, input.aliceHistory, 'Show beginning1', { input: { src: 'hda', id: input.alice }, lineNum: '1' })).jobs[0].id,
      (await runTool(second, bob.key, input.bobHistory, 'Show beginning1', { input: { src: 'hda', id: input.bob }, lineNum: '1' })).jobs[0].id,
      (await runTool(h, bob.key, input.bobHistory, 'Show beginning1', { input: { src: 'hda', id: input.bob }, lineNum: '1' })).jobs[0].id,
    ];
    expect(await mostAtOnce(runs, "destination_id = 'narrow'")).toBe(1);
    for (const id of runs) expect((await waitForJob(h, second.admin.key, id)).state).toBe('ok');
  });
});
