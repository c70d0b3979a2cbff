import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killLeftoverProcesses } from '../../../src/jobs/leftover-processes';

describe('killLeftoverProcesses (a re-run after a crash)', () => {
  it("kills the processes working in the job's directory and leaves others alone", async () => {
    const root = mkdtempSync(join(tmpdir(), 'job-'));
    mkdirSync(join(root, 'working'));
    const elsewhere = mkdtempSync(join(tmpdir(), 'other-'));
    const leftover = spawn('sleep', ['30'], { cwd: join(root, 'working'), stdio: 'ignore' });
    const bystander = spawn('sleep', ['30'], { cwd: elsewhere, stdio: 'ignore' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const exited = new Promise<string | null>((resolve) => leftover.on('exit', (_code, signal) => resolve(signal)));
    expect(await killLeftoverProcesses(root)).toBe(1);
    expect(await exited).toBe('SIGKILL');
    expect(bystander.exitCode).toBeNull();
    bystander.kill('SIGKILL');
  });

  it('does nothing for a directory that does not exist', async () => {
    expect(await killLeftoverProcesses(join(tmpdir(), 'no-such-job-dir'))).toBe(0);
  });
});
