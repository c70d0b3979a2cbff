import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, datasetText, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { decoded, sql, waitForJobState } from '../support/job-helpers';
import { patient } from '../support/patience';

let h: TestPlatform;
let alice: TestUser;
let historyId: string;
let inputId: string;

let slowServer: Server;
let slowUrl: string;
let lessSlowUrl: string;
let servedLessSlow: (() => void) | undefined;

beforeAll(async () => {
  // JOB_HEARTBEAT_MS=1000: the sweep that recovers stale jobs runs every second; a running job
  // whose heartbeat is 2 seconds old is taken back
  h = await startTestPlatform({ JOB_STALE_SECONDS: '2' });
  // answers after 3.5 s (longer than the 2 s after which a silent job is taken back), or after 1 s
  slowServer = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('slow ');
    setTimeout(() => res.end('content\n', () => servedLessSlow?.()), req.url === '/slow.txt' ? 3500 : 1000);
  });
  slowServer.listen(0, '127.0.0.1');
  await new Promise((done) => slowServer.once('listening', done));
  slowUrl = `http://127.0.0.1:${(slowServer.address() as AddressInfo).port}/slow.txt`;
  lessSlowUrl = slowUrl.replace('/slow.txt', '/less-slow.txt');
  alice = await h.newUser('alice');
  historyId = await createHistory(h, alice.key);
  const upload = await uploadText(h, alice.key, historyId, 'x\ny\n', { fileType: 'txt' });
  inputId = upload.datasetId;
  await waitForJob(h, alice.key, upload.jobId);
});
afterAll(async () => {
  slowServer.closeAllConnections();
  await new Promise((done) => slowServer.close(done));
  await h.close();
});

/**
 * A cat1 job that a crashed process held: its input is made unready while it is queued (so no
 * worker claims it), then it is marked running under a dead handler with an old heartbeat.
 */
async function crashedJob(attempts: number): Promise<{ jobId: string; outputId: string }> {
  const datasetId = decoded(h, (await h.api.get(`/api/datasets/${inputId}`).query({ key: alice.key })).body.dataset_id);
  await sql(h, "update dataset set state = 'queued' where id = ?", [datasetId]);
  const run = await runTool(h, alice.key, historyId, 'cat1', { input1: { src: 'hda', id: inputId } });
  const jobId = decoded(h, run.jobs[0].id);
  await sql(
    h,
    "update job set state = 'running', runner = 'local', handler = 'crashed-host:1:abc', attempts = ?, heartbeat_time = now() - interval '1 hour', start_time = now() - interval '1 hour' where id = ?",
    [attempts, jobId],
  );
  await sql(h, "update dataset set state = 'ok' where id = ?", [datasetId]);
  return { jobId: run.jobs[0].id, outputId: run.outputs[0].id };
}

describe('job engine: a crash mid-job', () => {
  it('puts a running job with a stale heartbeat back in the queue, and it runs', async () => {
    const { jobId, outputId } = await crashedJob(1);
    // What a crash leaves: a running job nobody beats for (the sweep, every second, may already have taken it back).
    const running = await h.api.get(`/api/jobs/${jobId}`).query({ key: alice.key });
    expect(['running', 'queued']).toContain(running.body.state);
    const job = await waitForJobState(h, alice.key, jobId, ['ok', 'error']);
    expect(job.state).toBe('ok');
    expect(await datasetText(h, alice.key, outputId)).toBe('x\ny\n');
    const [row] = await sql<{ attempts: number }>(h, 'select attempts from job where id = ?', [decoded(h, jobId)]);
    expect(row.attempts).toBe(2);
  });

  it('fails a job that was interrupted too many times, with its outputs', async () => {
    const { jobId, outputId } = await crashedJob(3);
    const job = await waitForJobState(h, alice.key, jobId, ['ok', 'error']);
    expect(job.state).toBe('error');
    const output = await h.api.get(`/api/datasets/${outputId}`).query({ key: alice.key });
    expect(output.body.state).toBe('error');
    expect(output.body.misc_info).toMatch(/interrupted/);
  });
});

describe('job engine: a run that fails outside its command', () => {
  it('ends the job in error at once with the reason, naming no server path, instead of running it again after each stale interval', async () => {
    // The jobs' directories of ids under 1000 live in jobs_directory/000: a file in its place makes a
    // new job's directory impossible to create (ENOTDIR), as a broken or read-only disk would.
    const shard = join(h.platform.services.layout.jobsRoot, '000');
    renameSync(shard, `${shard}.aside`);
    writeFileSync(shard, 'not a directory');
    try {
      const upload = await uploadText(h, alice.key, historyId, 'never stored\n', { fileType: 'txt' });
      const job = await waitForJob(h, alice.key, upload.jobId);
      expect(job.state).toBe('error');
      const [row] = await sql<{ attempts: number; info: string }>(h, 'select attempts, info from job where id = ?', [decoded(h, upload.jobId)]);
      // One run: the stale interval (2 s here) would have taken it back and run it again.
      expect(row.attempts).toBe(1);
      expect(row.info).toMatch(/^The job could not be run: .*ENOTDIR: not a directory/);
      const dataset = await h.api.get(`/api/datasets/${upload.datasetId}`).query({ key: alice.key });
      expect(dataset.body.state).toBe('error');
      expect(dataset.body.misc_info).toMatch(/^The job could not be run/);
      expect(dataset.body.misc_info).not.toContain(h.platform.services.layout.jobsRoot);
    } finally {
      rmSync(shard);
      renameSync(`${shard}.aside`, shard);
    }
    // The runner goes on with the next job.
    const next = await uploadText(h, alice.key, historyId, 'stored\n', { fileType: 'txt' });
    expect((await waitForJob(h, alice.key, next.jobId)).state).toBe('ok');
  });
});

describe('job engine: quota', () => {
  it('pauses the job of a user over quota, with its outputs', async () => {
    const bob = await h.newUser('bob');
    const bobHistory = await createHistory(h, bob.key);
    const quota = await h.api.post('/api/quotas').send({ key: h.admin.key, name: 'nothing', description: 'no space', amount: '0', operation: '=', in_users: [bob.id] });
    expect(quota.status).toBe(200);
    const upload = await uploadText(h, bob.key, bobHistory, 'too much\n', { fileType: 'txt' });
    const job = await h.api.get(`/api/jobs/${upload.jobId}`).query({ key: bob.key });
    expect(job.body.state).toBe('paused');
    const dataset = await h.api.get(`/api/datasets/${upload.datasetId}`).query({ key: bob.key });
    expect(dataset.body.state).toBe('paused');
    // it stays paused: no worker takes it
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await h.api.get(`/api/jobs/${upload.jobId}`).query({ key: bob.key })).body.state).toBe('paused');
    // alice has no quota: her jobs still run
    const run = await runTool(h, alice.key, historyId, 'cat1', { input1: { src: 'hda', id: inputId } });
    expect((await waitForJob(h, alice.key, run.jobs[0].id)).state).toBe('ok');
  });
});

describe('job engine: heartbeats', () => {
  it('keeps a long upload alive: it is not taken back and run twice', async () => {
    const upload = await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'upload1', history_id: historyId, inputs: { 'files_0|url_paste': slowUrl, 'files_0|type': 'upload_dataset', file_type: 'txt' } });
    expect(upload.status).toBe(200);
    const job = await waitForJobState(h, alice.key, upload.body.jobs[0].id, ['ok', 'error']);
    expect(job.state).toBe('ok');
    const [row] = await sql<{ attempts: number }>(h, 'select attempts from job where id = ?', [decoded(h, upload.body.jobs[0].id)]);
    expect(row.attempts).toBe(1);
    expect(await datasetText(h, alice.key, upload.body.outputs[0].id)).toBe('slow content\n');
  });

  it('does not record the result of a job that left the running state while it ran', async () => {
    const served = new Promise<void>((resolve) => (servedLessSlow = resolve));
    const upload = await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'upload1', history_id: historyId, inputs: { 'files_0|url_paste': lessSlowUrl, 'files_0|type': 'upload_dataset', file_type: 'txt' } });
    const jobId = decoded(h, upload.body.jobs[0].id);
    await waitForJobState(h, alice.key, upload.body.jobs[0].id, ['running']);
    await sql(h, "update job set state = 'deleted', handler = null where id = ?", [jobId]);
    // the run ends when the URL has answered; a job that is over has its directory removed then
    await served;
    const jobDir = h.platform.services.layout.jobDirectory(jobId);
    const deadline = Date.now() + patient(10000);
    while (existsSync(jobDir) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(jobDir)).toBe(false);
    const job = await h.api.get(`/api/jobs/${upload.body.jobs[0].id}`).query({ key: alice.key });
    expect(job.body.state).toBe('deleted');
    expect(job.body.job_metrics).toEqual([]);
    const dataset = await h.api.get(`/api/datasets/${upload.body.outputs[0].id}`).query({ key: alice.key });
    expect(dataset.body.state).not.toBe('ok');
  });
});
