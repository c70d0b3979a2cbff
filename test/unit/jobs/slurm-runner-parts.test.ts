import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobWorkspace } from '../../../src/jobs/job-workspace';
import { BatchJobFiles, jobScript, writeJobScript } from '../../../src/jobs/slurm/job-script';
import { parseSacct } from '../../../src/jobs/slurm/slurm-client';
import { failureOf, limitReachedOf, phaseOf } from '../../../src/jobs/slurm/slurm-states';

describe("Slurm's job states as the runner reads them", () => {
  it('sorts states into pending, running and ended', () => {
    expect(['PENDING', 'CONFIGURING', 'REQUEUED', 'SUSPENDED'].map(phaseOf)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(['RUNNING', 'COMPLETING'].map(phaseOf)).toEqual(['running', 'running']);
    expect(['COMPLETED', 'FAILED', 'CANCELLED by 0', 'TIMEOUT', 'OUT_OF_MEMORY', 'NODE_FAIL'].map(phaseOf)).toEqual(Array(6).fill('ended'));
  });

  it('leaves a command that finished by itself to its exit code', () => {
    expect(failureOf('COMPLETED', true, '')).toBeNull();
    expect(failureOf('FAILED', true, '')).toBeNull();
  });

  it('says why a job Slurm ended failed, in the platform words', () => {
    expect(failureOf('OUT_OF_MEMORY', true, '')).toMatch(/^This job was terminated because it used more memory than it was allocated \(Slurm: OUT_OF_MEMORY\)/);
    // Without cgroups slurmstepd kills the job itself and says so; the job ends FAILED.
    expect(failureOf('FAILED', false, 'slurmstepd-vm: error: Exceeded job memory limit')).toMatch(/more memory than it was allocated/);
    expect(failureOf('OUT_OF_MEMORY', false, 'slurmstepd-vm: error: Detected 1 oom-kill event(s)')).toMatch(/more memory/);
    expect(failureOf('TIMEOUT', false, '*** JOB 5 ON vm CANCELLED AT … DUE TO TIME LIMIT ***')).toMatch(/^This job was terminated because it ran longer than the maximum allowed job run time/);
    expect(failureOf('CANCELLED by 0', false, '')).toMatch(/^This job failed because it was cancelled in Slurm/);
    expect(failureOf('NODE_FAIL', false, '')).toMatch(/^This job failed because the cluster node running it failed \(Slurm: NODE_FAIL\)/);
    expect(failureOf('PREEMPTED', false, '')).toMatch(/took its resources back/);
    expect(failureOf('COMPLETED', false, '')).toMatch(/without recording its exit code/);
    expect(failureOf('BOGUS', false, '')).toMatch(/^This job failed for reasons that could not be determined \(Slurm: BOGUS\)/);
  });

  it('names the limit a job reached as <resubmit condition> does: memory (OUT_OF_MEMORY or the memory message) or walltime (TIMEOUT)', () => {
    expect(limitReachedOf('OUT_OF_MEMORY', '')).toBe('memory_limit_reached');
    expect(limitReachedOf('FAILED', 'slurmstepd-vm: error: Exceeded job memory limit')).toBe('memory_limit_reached');
    expect(limitReachedOf('CANCELLED by 0', 'slurmstepd-vm: error: Exceeded job memory limit')).toBe('memory_limit_reached');
    expect(limitReachedOf('TIMEOUT', '*** JOB 5 ON vm CANCELLED AT … DUE TO TIME LIMIT ***')).toBe('walltime_reached');
    expect(['COMPLETED', 'FAILED', 'CANCELLED by 0', 'NODE_FAIL', 'DEADLINE', 'PREEMPTED'].map((state) => limitReachedOf(state, ''))).toEqual(Array(6).fill(null));
  });
});

describe('sacct answers (accounting or the job completion log)', () => {
  it('reads JobID|State|ExitCode lines and skips job steps', () => {
    expect(parseSacct('12|FAILED|3:0\n12.batch|FAILED|3:0\n13|CANCELLED by 0|0:15|None\n\n')).toEqual([
      { id: '12', state: 'FAILED', exitCode: '3:0', reason: '' },
      { id: '13', state: 'CANCELLED by 0', exitCode: '0:15', reason: 'None' },
    ]);
  });
});

describe('the job script', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'job-script-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('runs the command in the working directory with the destination environment, and records exit code, cores and times', async () => {
    const workspace = new JobWorkspace(join(root, 'job1'));
    await workspace.create();
    const files = new BatchJobFiles(workspace);
    await writeJobScript(files, `echo "$GREETING from $(basename "$PWD") on $GALAXY_SLOTS"; echo oops >&2; exit 4`, [{ name: 'GREETING', value: 'hello', raw: false }]);
    const run = spawnSync('bash', [files.script], { env: { PATH: process.env.PATH ?? '', SLURM_CPUS_PER_TASK: '3', SLURM_MEM_PER_NODE: '500' } });
    expect(run.status).toBe(4);
    expect(readFileSync(workspace.stdoutPath, 'utf8')).toBe('hello from working on 3\n');
    expect(readFileSync(workspace.stderrPath, 'utf8')).toBe('oops\n');
    expect(readFileSync(files.exitCode, 'utf8')).toBe('4\n');
    expect(readFileSync(files.metric('galaxy_slots'), 'utf8')).toBe('3\n');
    expect(readFileSync(files.metric('galaxy_memory_mb'), 'utf8')).toBe('500\n');
    const start = Number(readFileSync(files.metric('epoch_start'), 'utf8'));
    const end = Number(readFileSync(files.metric('epoch_end'), 'utf8'));
    expect(end).toBeGreaterThanOrEqual(start);
  });

  it('leaves no exit code while the command runs, and names every path quoted', async () => {
    const workspace = new JobWorkspace(join(root, "it's here"));
    await mkdir(workspace.root, { recursive: true });
    const text = jobScript('true', new BatchJobFiles(workspace), []);
    expect(text).toContain(`cd '${root}/it'\\''s here/working' || exit 1`);
    // The exit code is written aside and renamed: a reader never sees half of it.
    expect(text).toMatch(/exit_code\.tmp' && mv '.*exit_code\.tmp' '.*exit_code'$/m);
  });
});
