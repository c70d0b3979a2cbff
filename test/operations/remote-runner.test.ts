import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { JobEngine } from '../../src/jobs/job-engine';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, datasetText, runTool, uploadText } from '../support/data-helpers';
import { decoded, sql, waitForJobState } from '../support/job-helpers';

const ROOT = resolve(__dirname, '../..');

let h: TestPlatform;
let server: Server;
let url: string;
let alice: TestUser;
let historyId: string;
let one: string;
let two: string;
let workDir: string;

interface Exit {
  code: number | null;
  output: string;
}

/** The runner CLI as operators start it (`npm run runner -- …`), in a child process. */
function runRunner(args: string[]): Promise<Exit> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/remote-runner/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', RUNNER_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, output })));
}

const runOnce = (token = 'secret', name = 'test-runner') => runRunner(['--url', url, '--token', token, '--once', '--work-dir', workDir, '--name', name, '--poll-interval', '100']);

/**
 * The server has no local workers; uploads (which only the server can run) are run here by a
 * short-lived local engine, which is stopped before any tool job is queued.
 */
async function uploadWithLocalEngine(contents: string[]): Promise<string[]> {
  const { services } = h.platform;
  const engine = new JobEngine(
    { orm: services.db.orm, layout: services.layout, tools: services.tools.registry, ids: services.ids, log: services.log, routing: services.jobEngine.routing },
    { workers: 1, pollMs: 50, timeoutSeconds: 60, heartbeatMs: 1000, staleSeconds: 60, maxAttempts: 3, maxUploadBytes: 1024 * 1024 },
  );
  await engine.start();
  try {
    const uploads = [];
    for (const content of contents) uploads.push(await uploadText(h, alice.key, historyId, content, { fileType: 'txt' }));
    for (const upload of uploads) expect((await waitForJobState(h, alice.key, upload.jobId, ['ok', 'error'])).state).toBe('ok');
    return uploads.map((upload) => upload.datasetId);
  } finally {
    await engine.stop();
  }
}

async function graphql(query: string, variables: Record<string, unknown>, headers: Record<string, string>) {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  return (await res.json()) as { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions: { code: string } }> };
}

beforeAll(async () => {
  h = await startTestPlatform({ LOCAL_JOB_WORKERS: '0', RUNNER_TOKENS: 'secret,other-secret' });
  server = h.platform.http.app.listen(0);
  await new Promise((done) => server.once('listening', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  alice = await h.newUser('alice');
  historyId = await createHistory(h, alice.key);
  [one, two] = await uploadWithLocalEngine(['one\n', 'two\n']);
  workDir = mkdtempSync(join(tmpdir(), 'runner-work-'));
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  await h.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('remote runner (npm run runner)', () => {
  it('claims a queued cat1 job, runs it, uploads its output and reports it ok', async () => {
    const run = await runTool(h, alice.key, historyId, 'cat1', { input1: { src: 'hda', id: one }, 'queries_0|input2': { src: 'hda', id: two } });
    const exit = await runOnce();
    expect(exit.code).toBe(0);
    const job = await waitForJobState(h, alice.key, run.jobs[0].id, ['ok', 'error'], 5000);
    expect(job.state).toBe('ok');
    expect(job.exit_code).toBe(0);
    expect(await datasetText(h, alice.key, run.outputs[0].id)).toBe('one\ntwo\n');
    const output = await h.api.get(`/api/datasets/${run.outputs[0].id}`).query({ key: alice.key });
    expect(output.body).toEqual(expect.objectContaining({ state: 'ok', file_size: 8, extension: 'txt' }));
    const metrics = Object.fromEntries((job.job_metrics as Array<{ name: string; raw_value: string }>).map((metric) => [metric.name, metric.raw_value]));
    expect(metrics.runner_name).toBe('test-runner');
    expect(metrics.exit_code).toBe('0');
    // What the runner measured of the command, as the local runner records it (bash's `times`).
    expect(Number(metrics.cpu_user_seconds)).toBeGreaterThanOrEqual(0);
    expect(Number(metrics.cpu_system_seconds)).toBeGreaterThanOrEqual(0);
    const asAdmin = await h.api.get(`/api/jobs/${run.jobs[0].id}`).query({ key: h.admin.key });
    expect(asAdmin.body.external_id).toBe('remote:test-runner');
  });

  it('reports a failing tool as an error with its stderr', async () => {
    const run = await runTool(h, alice.key, historyId, 'Cut1', { input: { src: 'hda', id: one }, columnList: 'nothing', delimiter: 'T' });
    expect((await runOnce()).code).toBe(0);
    const job = await waitForJobState(h, alice.key, run.jobs[0].id, ['ok', 'error'], 5000);
    expect(job.state).toBe('error');
    expect(job.stderr).toMatch(/No columns specified/);
    const output = await h.api.get(`/api/datasets/${run.outputs[0].id}`).query({ key: alice.key });
    expect(output.body.state).toBe('error');
  });

  it('exits with nothing to do when only uploads are queued (they run on the server)', async () => {
    const upload = await uploadText(h, alice.key, historyId, 'stays\n', { fileType: 'txt' });
    const exit = await runOnce();
    expect(exit.code).toBe(0);
    expect((await h.api.get(`/api/jobs/${upload.jobId}`).query({ key: alice.key })).body.state).toBe('queued');
    await h.api.delete(`/api/histories/${historyId}/contents/${upload.datasetId}`).query({ key: alice.key });
  });

  it('refuses a wrong runner token: the runner exits 1 and the job stays queued', async () => {
    const run = await runTool(h, alice.key, historyId, 'cat1', { input1: { src: 'hda', id: two } });
    const exit = await runOnce('wrong-secret');
    expect(exit.code).toBe(1);
    expect(exit.output).toMatch(/runner token is not valid/);
    expect((await h.api.get(`/api/jobs/${run.jobs[0].id}`).query({ key: alice.key })).body.state).toBe('queued');
    // the job is still there for a runner with a good token
    expect((await runOnce('other-secret', 'second-runner')).code).toBe(0);
    expect((await waitForJobState(h, alice.key, run.jobs[0].id, ['ok', 'error'], 5000)).state).toBe('ok');
  });
});

describe('claimRemoteJob / completeRemoteJob (runner GraphQL)', () => {
  const CLAIM = 'mutation { claimRemoteJob(runnerName: "probe") { id jobKey } }';

  it('is refused without a runner token, with a user key, or with a wrong token', async () => {
    const anonymous = await graphql(CLAIM, {}, {});
    expect(anonymous.errors?.[0].extensions.code).toBe('AuthenticationRequired');
    const user = await graphql(CLAIM, {}, { 'x-api-key': alice.key });
    expect(user.errors?.[0].extensions.code).toBe('AuthenticationRequired');
    const wrong = await graphql(CLAIM, {}, { 'x-runner-token': 'nope' });
    expect(wrong.errors?.[0].extensions.code).toBe('AuthenticationRequired');
    expect(wrong.errors?.[0].message).toBe('Provided runner token is not valid.');
  });

  it('hands out the job_key of the claimed job, and completing needs that key', async () => {
    const run = await runTool(h, alice.key, historyId, 'cat1', { input1: { src: 'hda', id: one } });
    const claimed = await graphql(CLAIM, {}, { 'x-runner-token': 'secret' });
    const job = claimed.data?.claimRemoteJob as { id: string; jobKey: string };
    expect(job.id).toBe(run.jobs[0].id);
    expect(job.jobKey).toBe(h.platform.services.ids.encode(h.platform.services.ids.decode(job.id), 'jobs_files'));
    const COMPLETE = `mutation ($id: ID!, $jobKey: String!) {
      completeRemoteJob(id: $id, jobKey: $jobKey, result: { exitCode: 1, stdout: "", stderr: "gave up", startEpoch: 1, endEpoch: 2, runnerName: "probe" }) { state }
    }`;
    const wrongKey = await graphql(COMPLETE, { id: job.id, jobKey: job.id }, { 'x-runner-token': 'secret' });
    expect(wrongKey.errors?.[0]).toEqual(expect.objectContaining({ message: 'Invalid job_key supplied.', extensions: expect.objectContaining({ code: 'ItemAccessibilityException' }) }));
    const done = await graphql(COMPLETE, { id: job.id, jobKey: job.jobKey }, { 'x-runner-token': 'secret' });
    expect(done.data?.completeRemoteJob).toEqual({ state: 'error' });
    // a finished job cannot be completed again, nor its files touched
    const again = await graphql(COMPLETE, { id: job.id, jobKey: job.jobKey }, { 'x-runner-token': 'secret' });
    expect(again.errors?.[0].extensions.code).toBe('ItemAccessibilityException');
  });

  it("records what the runner measured (peak memory, CPU time) as the job's core metrics, and refuses a measure below zero", async () => {
    const run = await runTool(h, alice.key, historyId, 'cat1', { input1: { src: 'hda', id: one } });
    const headers = { 'x-runner-token': 'secret' };
    const job = (await graphql(CLAIM, {}, headers)).data?.claimRemoteJob as { id: string; jobKey: string };
    expect(job.id).toBe(run.jobs[0].id);
    const COMPLETE = `mutation ($id: ID!, $jobKey: String!, $memory: Float, $user: Float) {
      completeRemoteJob(id: $id, jobKey: $jobKey, result: { exitCode: 1, stdout: "", stderr: "measured", startEpoch: 1, endEpoch: 2, runnerName: "probe",
        memoryPeakBytes: $memory, cpuUserSeconds: $user, cpuSystemSeconds: 0.25 }) { state }
    }`;
    const negative = await graphql(COMPLETE, { ...job, memory: -1, user: 1.5 }, headers);
    expect(negative.errors?.[0]).toEqual(expect.objectContaining({ message: 'memoryPeakBytes must be a number not below 0 (or null), not -1.', extensions: expect.objectContaining({ code: 'RequestParameterInvalidException' }) }));
    // Refused whole: the job is still the runner's, and its report is taken afterwards.
    const done = await graphql(COMPLETE, { ...job, memory: 41943040, user: 1.5 }, headers);
    expect(done.data?.completeRemoteJob).toEqual({ state: 'error' });
    const shown = await h.api.get(`/api/jobs/${job.id}`).query({ key: alice.key, full: true });
    const metrics = Object.fromEntries((shown.body.job_metrics as Array<{ name: string; raw_value: string; value: string }>).map((metric) => [metric.name, metric]));
    expect(metrics.memory_peak_bytes).toEqual(expect.objectContaining({ raw_value: '41943040', value: '40.0 MB' }));
    expect(metrics.cpu_user_seconds.raw_value).toBe('1.5');
    expect(metrics.cpu_system_seconds.raw_value).toBe('0.25');
  });

  it('stops keeping alive or accepting the report of a claim that was taken back and handed out again', async () => {
    const run = await runTool(h, alice.key, historyId, 'cat1', { input1: { src: 'hda', id: two } });
    const CLAIM_WITH_ID = 'mutation { claimRemoteJob(runnerName: "same-name") { id jobKey claimId } }';
    const HEARTBEAT = 'mutation ($id: ID!, $jobKey: String!, $claimId: String) { heartbeatRemoteJob(id: $id, jobKey: $jobKey, claimId: $claimId) }';
    const COMPLETE = `mutation ($id: ID!, $jobKey: String!, $claimId: String) {
      completeRemoteJob(id: $id, jobKey: $jobKey, claimId: $claimId, result: { exitCode: 0, stdout: "", stderr: "", startEpoch: 1, endEpoch: 2, runnerName: "same-name" }) { state }
    }`;
    const headers = { 'x-runner-token': 'secret' };
    const first = (await graphql(CLAIM_WITH_ID, {}, headers)).data?.claimRemoteJob as { id: string; jobKey: string; claimId: string };
    expect(first.id).toBe(run.jobs[0].id);
    expect((await graphql(HEARTBEAT, { id: first.id, jobKey: first.jobKey, claimId: first.claimId }, headers)).data?.heartbeatRemoteJob).toBe(true);
    // the server recovers the job (as after missed heartbeats) and another runner of the same name claims it
    await sql(h, "update job set state = 'queued', handler = null where id = ?", [decoded(h, first.id)]);
    const second = (await graphql(CLAIM_WITH_ID, {}, headers)).data?.claimRemoteJob as { id: string; jobKey: string; claimId: string };
    expect(second.id).toBe(first.id);
    expect(second.claimId).not.toBe(first.claimId);
    expect((await graphql(HEARTBEAT, { id: first.id, jobKey: first.jobKey, claimId: first.claimId }, headers)).data?.heartbeatRemoteJob).toBe(false);
    expect((await graphql(HEARTBEAT, { id: second.id, jobKey: second.jobKey, claimId: second.claimId }, headers)).data?.heartbeatRemoteJob).toBe(true);
    const stale = await graphql(COMPLETE, { id: first.id, jobKey: first.jobKey, claimId: first.claimId }, headers);
    expect(stale.errors?.[0].extensions.code).toBe('ItemAccessibilityException');
    // the current claim reports (no output file was uploaded: the job fails for that reason)
    const current = await graphql(COMPLETE, { id: second.id, jobKey: second.jobKey, claimId: second.claimId }, headers);
    expect(current.data?.completeRemoteJob).toEqual({ state: 'error' });
    const output = await h.api.get(`/api/datasets/${run.outputs[0].id}`).query({ key: alice.key });
    expect(output.body.misc_info).toMatch(/was not produced/);
  });
});
