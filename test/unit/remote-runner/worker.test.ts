import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../../src/logging/logger';
import { RunnerGraphqlClient, RunnerProtocolError } from '../../../src/remote-runner/graphql-client';
import { JobFilesClient } from '../../../src/remote-runner/job-files';
import type { RemoteJob } from '../../../src/remote-runner/types';
import { WorkerLoop, type WorkerLoopOptions } from '../../../src/remote-runner/worker-loop';
import { FakePlatform, isRunning, makeJob } from './fake-platform';

const log = createLogger('silent');

let platform: FakePlatform;
let workDir: string;
let scratch: string;

beforeEach(async () => {
  platform = await new FakePlatform().start();
  workDir = await mkdtemp(join(tmpdir(), 'runner-work-'));
  scratch = await mkdtemp(join(tmpdir(), 'runner-scratch-'));
});

afterEach(async () => {
  await platform.close();
  await rm(workDir, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

function loop(options: Partial<WorkerLoopOptions> = {}, token = platform.token): WorkerLoop {
  return new WorkerLoop(
    { workDir, concurrency: 1, pollIntervalMs: 50, once: true, name: 'test-runner', heartbeatIntervalMs: 15000, killGraceMs: 500, reportAttempts: 1, ...options },
    {
      api: new RunnerGraphqlClient({ url: platform.url, token }),
      files: new JobFilesClient({ url: platform.url, token }),
      log,
    },
  );
}

/** The protocol's example: concatenate two inputs into an output, note it on stderr. */
function concatJob(extra = ''): RemoteJob {
  const job = makeJob();
  const dir = job.jobDirectory;
  job.inputs = [{ path: `${dir}/inputs/dataset_1.dat` }, { path: `${dir}/inputs/dataset_2.dat` }];
  job.outputs = [
    { name: 'out_file1', path: `${dir}/outputs/dataset_3.dat` },
    { name: 'never_written', path: `${dir}/outputs/dataset_4.dat` },
  ];
  job.commandLine = `cat '${dir}/inputs/dataset_1.dat' ${dir}/inputs/dataset_2.dat > ${dir}/outputs/dataset_3.dat && echo "concatenated 2 files" >&2${extra}`;
  platform.files.set(`${dir}/inputs/dataset_1.dat`, 'chr1\t1\t100\n');
  platform.files.set(`${dir}/inputs/dataset_2.dat`, 'chr2\t5\t50\n');
  return job;
}

describe('worker loop against a fake platform', () => {
  it('runs one job end to end with --once', async () => {
    const job = concatJob('; pwd > ../outputs/extra/cwd.txt');
    job.commandLine = `mkdir -p ${job.jobDirectory}/outputs/extra && ${job.commandLine}`;
    platform.queue.push(job);

    const summary = await loop().run();

    expect(summary).toEqual({ claimed: 1, reported: 1, dropped: 0, unreported: 0 });
    expect(platform.claimRunners).toEqual(['test-runner']);
    expect(platform.downloads).toEqual(job.inputs.map((input) => input.path));
    expect(platform.uploads.map(({ path, filename }) => ({ path, filename }))).toEqual([
      { path: `${job.jobDirectory}/outputs/dataset_3.dat`, filename: 'dataset_3.dat' },
      { path: `${job.jobDirectory}/outputs/extra/cwd.txt`, filename: 'cwd.txt' },
    ]);
    expect(platform.uploads[0].content).toBe('chr1\t1\t100\nchr2\t5\t50\n');
    expect(platform.uploads[1].content).toBe(`${join(workDir, job.id, 'working')}\n`);
    expect(platform.completions).toHaveLength(1);
    const { id, jobKey, result } = platform.completions[0];
    expect({ id, jobKey }).toEqual({ id: job.id, jobKey: job.jobKey });
    const { memoryPeakBytes, ...reported } = result;
    expect(reported).toEqual({
      exitCode: 0,
      stdout: '',
      stderr: 'concatenated 2 files\n',
      startEpoch: expect.any(Number),
      endEpoch: expect.any(Number),
      runnerName: 'test-runner',
      failure: null,
      limitReached: null,
      // What the runner measured of the command (recorded as the job's core metrics).
      cpuUserSeconds: expect.any(Number),
      cpuSystemSeconds: expect.any(Number),
    });
    // The first look at its memory is taken as soon as it starts: a command this short may be gone by then.
    expect(memoryPeakBytes === null || memoryPeakBytes > 0).toBe(true);
    expect(result.endEpoch).toBeGreaterThanOrEqual(result.startEpoch);
    expect(Math.abs(result.startEpoch - Date.now() / 1000)).toBeLessThan(30);
    // The local job directory is removed afterwards.
    expect(await readdir(workDir)).toEqual([]);
  });

  it('streams large files and keeps the last MiB of stdout', async () => {
    const job = makeJob();
    const big = `${'0123456789abcdef'.repeat(4096)}\n`.repeat(48); // 3 MiB and a bit
    job.inputs = [{ path: `${job.jobDirectory}/inputs/big.txt` }];
    job.outputs = [{ name: 'copy', path: `${job.jobDirectory}/outputs/copy.txt` }];
    job.commandLine = `cp ${job.inputs[0].path} ${job.outputs[0].path} && cat ${job.inputs[0].path} && echo END`;
    platform.files.set(job.inputs[0].path, big);
    platform.queue.push(job);

    await loop().run();

    expect(platform.uploads[0].content).toBe(big);
    const { stdout } = platform.completions[0].result;
    expect(stdout).toHaveLength(1024 * 1024);
    expect(stdout.endsWith('0123456789abcdef\nEND\n')).toBe(true);
  });

  it('exits without error when nothing is queued with --once', async () => {
    expect(await loop().run()).toEqual({ claimed: 0, reported: 0, dropped: 0, unreported: 0 });
    expect(platform.claimRunners).toHaveLength(1);
  });

  it('reports a failing command with its exit code and stderr, and still uploads what it produced', async () => {
    const job = concatJob('; echo "something broke" >&2; exit 3');
    platform.queue.push(job);

    await loop().run();

    expect(platform.completions[0].result).toMatchObject({
      exitCode: 3,
      stderr: 'concatenated 2 files\nsomething broke\n',
      failure: null,
      limitReached: null,
    });
    expect(platform.uploads.map((upload) => upload.path)).toEqual([`${job.jobDirectory}/outputs/dataset_3.dat`]);
  });

  it('kills a job at its time limit and reports the failure, and the limit it reached (the server may resubmit it)', async () => {
    const job = makeJob({ timeoutSeconds: 1 });
    job.commandLine = `echo started; echo $$ > ${scratch}/pid; sleep 30`;
    platform.queue.push(job);
    const started = Date.now();

    await loop().run();

    expect(Date.now() - started).toBeLessThan(10_000);
    expect(platform.completions[0].result).toMatchObject({
      exitCode: 128 + 15,
      stdout: 'started\n',
      failure: 'Job exceeded the time limit of 1 seconds',
      limitReached: 'walltime_reached',
    });
    expect(await isRunning(Number(await readFile(join(scratch, 'pid'), 'utf8')))).toBe(false);
  });

  it('kills the job and reports nothing when a heartbeat is answered false', async () => {
    const job = makeJob();
    job.commandLine = `echo $$ > ${scratch}/pid; sleep 30; touch ${scratch}/finished`;
    platform.queue.push(job);
    // The platform says no once the command runs (its pid written): a loaded machine may start the
    // shell later than the first heartbeat, and a job dropped before it ran would test nothing.
    Object.defineProperty(platform, 'heartbeatAnswer', { get: () => !existsSync(join(scratch, 'pid')) });
    const started = Date.now();

    const summary = await loop({ heartbeatIntervalMs: 100 }).run();

    expect(summary).toMatchObject({ claimed: 1, dropped: 1, reported: 0 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(platform.heartbeats.length).toBeGreaterThan(0);
    expect(platform.heartbeats.every((id) => id === job.id)).toBe(true);
    expect(platform.completions).toEqual([]);
    expect(await isRunning(Number(await readFile(join(scratch, 'pid'), 'utf8')))).toBe(false);
    expect(existsSync(join(scratch, 'finished'))).toBe(false);
    expect(await readdir(workDir)).toEqual([]);
  });

  it('keeps running while heartbeats are answered true', async () => {
    const job = makeJob();
    job.commandLine = 'sleep 0.5';
    platform.queue.push(job);

    await loop({ heartbeatIntervalMs: 100 }).run();

    expect(platform.heartbeats.length).toBeGreaterThanOrEqual(2);
    expect(platform.completions[0].result).toMatchObject({ exitCode: 0, failure: null });
  });

  it('reports a download error without running the command', async () => {
    const job = concatJob(`; touch ${scratch}/ran`);
    platform.failingDownloads.set(job.inputs[1].path, { status: 403, body: { err_msg: 'Dataset is purged.', err_code: 403002 } });
    platform.queue.push(job);

    await loop().run();

    expect(platform.completions).toHaveLength(1);
    const { result } = platform.completions[0];
    expect(result).toMatchObject({ exitCode: -1, stdout: '', stderr: '', runnerName: 'test-runner' });
    expect(result.failure).toBe(`Could not download ${job.inputs[1].path}: HTTP 403: Dataset is purged.`);
    expect(existsSync(join(scratch, 'ran'))).toBe(false);
    expect(platform.uploads).toEqual([]);
  });

  it('reports an upload error with the exit code of the command', async () => {
    const job = makeJob();
    // The fake server refuses uploads outside outputs/.
    job.outputs = [{ name: 'out', path: `${job.jobDirectory}/working/result.txt` }];
    job.commandLine = 'echo hi > result.txt';
    platform.queue.push(job);

    await loop().run();

    expect(platform.completions[0].result).toMatchObject({ exitCode: 0 });
    expect(platform.completions[0].result.failure).toMatch(/^Could not upload .*\/working\/result.txt: HTTP 400: Bad output path/);
  });

  it('refuses paths outside the job directory without running anything', async () => {
    const job = makeJob({ inputs: [{ path: '/etc/passwd' }] });
    job.commandLine = `touch ${scratch}/ran`;
    platform.queue.push(job);

    await loop().run();

    expect(platform.completions[0].result).toMatchObject({ exitCode: -1, failure: `Input path /etc/passwd is outside the job directory ${job.jobDirectory}` });
    expect(platform.downloads).toEqual([]);
    expect(existsSync(join(scratch, 'ran'))).toBe(false);
  });

  it('runs jobs concurrently and stops gracefully, finishing running jobs', async () => {
    const jobs = [makeJob({ commandLine: 'sleep 0.4' }), makeJob({ commandLine: 'sleep 0.4' })];
    platform.queue.push(...jobs);
    const worker = loop({ once: false, concurrency: 2 });
    let runningAtFirstCompletion = -1;
    platform.onComplete = () => {
      if (runningAtFirstCompletion < 0) runningAtFirstCompletion = worker.runningJobs;
    };
    const running = worker.run();
    // Both claimed before either finishes.
    while (platform.claimed.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    worker.stop();

    expect(await running).toEqual({ claimed: 2, reported: 2, dropped: 0, unreported: 0 });
    expect(runningAtFirstCompletion).toBe(2);
    expect(platform.completions.map((c) => c.result.exitCode)).toEqual([0, 0]);
  });

  it('keeps polling while the queue is empty', async () => {
    const worker = loop({ once: false });
    const running = worker.run();
    setTimeout(() => platform.queue.push(makeJob({ commandLine: 'true' })), 150);
    await platform.waitForCompletions(1);
    worker.stop();
    await running;
    expect(platform.claimRunners.length).toBeGreaterThanOrEqual(3);
  });

  it('reports interrupted jobs as failed', async () => {
    platform.queue.push(makeJob({ commandLine: 'sleep 30' }));
    const worker = loop({ once: false });
    const running = worker.run();
    while (worker.runningJobs < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 100));
    worker.interruptJobs();
    await running;
    expect(platform.completions[0].result.failure).toBe('The runner was stopped while the job was running');
  });

  it('gives up when the token is refused', async () => {
    const error = await loop({ once: false }, 'wrong').run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunnerProtocolError);
    expect(error).toMatchObject({ message: 'Invalid runner token.', code: 'AuthenticationFailed', errCode: 401001, status: 401 });
  });
});

describe('RunnerGraphqlClient', () => {
  it('turns GraphQL errors into RunnerProtocolError with the server code', async () => {
    const client = new RunnerGraphqlClient({ url: platform.url, token: platform.token });
    const error = await client.heartbeat('nope', 'key').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunnerProtocolError);
    expect(error).toMatchObject({ message: 'Invalid job key.', code: 'ItemAccessibilityException', errCode: 403002, status: 403 });
  });

  it('returns null when there is nothing to claim', async () => {
    const client = new RunnerGraphqlClient({ url: `${platform.url}/`, token: platform.token });
    expect(await client.claim('r')).toBeNull();
  });
});
