import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FakePlatform, makeJob } from './fake-platform';

const ROOT = resolve(__dirname, '../../..');

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `npm run runner` the way package.json will (node with the swc register hook). */
function startRunner(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/remote-runner/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((done) => child.on('close', (code) => done({ code, stdout, stderr })));
  return { child, exited };
}

describe('runner entry point', () => {
  let platform: FakePlatform;
  let workDir: string;

  beforeEach(async () => {
    platform = await new FakePlatform().start();
    workDir = await mkdtemp(join(tmpdir(), 'runner-main-'));
  });

  afterEach(async () => {
    await platform.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('exits 2 with the usage on a bad command line', async () => {
    const { code, stderr } = await startRunner(['--url', 'http://x', '--concurrency', '0'], { RUNNER_TOKEN: 't' }).exited;
    expect(code).toBe(2);
    expect(stderr).toContain('--concurrency must be a positive integer');
    expect(stderr).toContain('usage: npm run runner');
  });

  it('exits 0 with --once when nothing is queued, taking the token from RUNNER_TOKEN', async () => {
    const { code, stdout } = await startRunner(['--url', platform.url, '--work-dir', workDir, '--once', '--name', 'cli'], { RUNNER_TOKEN: platform.token })
      .exited;
    expect(code).toBe(0);
    expect(platform.claimRunners).toEqual(['cli']);
    expect(stdout).toContain('"msg":"runner stopped"');
    expect(stdout).not.toContain(platform.token);
  });

  it('exits 1 when the token is refused', async () => {
    const { code, stdout } = await startRunner(['--url', platform.url, '--token', 'wrong', '--work-dir', workDir, '--once']).exited;
    expect(code).toBe(1);
    expect(stdout).toContain('Invalid runner token.');
  });

  it('lets the running job finish and report on SIGTERM, then exits 0', async () => {
    const job = makeJob();
    job.outputs = [{ name: 'out', path: `${job.jobDirectory}/outputs/out.txt` }];
    job.commandLine = `sleep 1; echo "token=$RUNNER_TOKEN" > ${job.jobDirectory}/outputs/out.txt`;
    platform.queue.push(job);
    const { child, exited } = startRunner(['--url', platform.url, '--work-dir', workDir, '--poll-interval', '100'], { RUNNER_TOKEN: platform.token });
    while (platform.claimed.length < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGTERM');

    const { code } = await exited;
    expect(code).toBe(0);
    expect(platform.completions).toHaveLength(1);
    expect(platform.completions[0].result).toMatchObject({ exitCode: 0, failure: null });
    // The tool does not see the runner's credential.
    expect(platform.uploads[0].content).toBe('token=\n');
    // No claims after the signal.
    expect(platform.claimRunners).toHaveLength(1);
  });
});
