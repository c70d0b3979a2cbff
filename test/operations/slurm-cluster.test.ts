import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeWithSlurm, slurmCommand, waitForSlurmJobEnd } from '../support/slurm-cluster';

/**
 * The one-node Slurm the Slurm runner's tests submit to (test/support/slurm/one-node-slurm.sh):
 * jobs run, their ends are readable the ways a runner reads them (squeue for many jobs at once,
 * scontrol for one, `sacct -c` once the controller has forgotten them), and --mem is enforced.
 */
let dir: string;

describeWithSlurm('the one-node Slurm of the tests', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'slurm-cluster-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs a job submitted with sbatch --parsable to COMPLETED 0:0, seen by squeue, scontrol and sacct -c', async () => {
    const jobId = (await slurmCommand('sbatch', ['--parsable', '-J', 'slurm-cluster-test', '-o', join(dir, 'hi.out'), '--chdir', dir, '--wrap', 'echo hi'])).trim();
    expect(jobId).toMatch(/^\d+$/);

    expect(await waitForSlurmJobEnd(jobId)).toEqual({ state: 'COMPLETED', reason: 'None', exitCode: '0:0' });
    expect(readFileSync(join(dir, 'hi.out'), 'utf8')).toBe('hi\n');
    // Several ids in one squeue call (an id Slurm does not know is left out); exit_code is a wait status.
    const rows = await slurmCommand('squeue', ['-h', '-t', 'all', '-j', `${jobId},999999999`, '-O', 'JobID:|,State:|,Reason:|,exit_code:|']);
    expect(rows.trim()).toBe(`${jobId}|COMPLETED|None|0|`);
    // The job completion log, which outlives the controller's memory of the job.
    expect((await slurmCommand('sacct', ['-c', '-n', '-P', '-j', jobId, '-o', 'JobID,JobName,State,ExitCode'])).trim()).toBe(`${jobId}|slurm-cluster-test|COMPLETED|0:0`);
  });

  it('ends a job whose command exits 3 FAILED with exit code 3', async () => {
    const jobId = (await slurmCommand('sbatch', ['--parsable', '-o', '/dev/null', '--wrap', 'exit 3'])).trim();
    expect(await waitForSlurmJobEnd(jobId)).toEqual({ state: 'FAILED', reason: 'NonZeroExitCode', exitCode: '3:0' });
  });

  it('kills a job that uses more memory than its --mem, and says so', async () => {
    const err = join(dir, 'oom.err');
    const allocate = `${process.execPath} -e 'const b = Buffer.alloc(300 * 1024 * 1024, 1); setTimeout(() => b.length, 5000)'`;
    const jobId = (await slurmCommand('sbatch', ['--parsable', '--mem=60', '-o', '/dev/null', '-e', err, '--wrap', allocate])).trim();
    const end = await waitForSlurmJobEnd(jobId);
    // With cgroups (task/cgroup) Slurm says OUT_OF_MEMORY; where only its polling of the job's
    // memory kills it (jobacct_gather OverMemoryKill) the job is FAILED and its stderr says why.
    if (end.state === 'OUT_OF_MEMORY') expect(readFileSync(err, 'utf8')).toMatch(/oom-kill event/);
    else {
      expect(end.state).toBe('FAILED');
      expect(readFileSync(err, 'utf8')).toMatch(/Exceeded job memory limit/);
    }
  });
});
