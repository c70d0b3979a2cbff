import { readdir, readlink, realpath } from 'node:fs/promises';
import { sep } from 'node:path';

/**
 * Kills the processes still working in a job's directory: after a crash, the command of the
 * interrupted run may outlive the server and would write beside the re-run. Linux only (/proc);
 * processes of other users are left alone (the kill is refused).
 */
export async function killLeftoverProcesses(jobDirectory: string): Promise<number> {
  // /proc shows resolved paths.
  const jobRoot = await realpath(jobDirectory).catch(() => null);
  if (jobRoot === null) return 0;
  const entries = await readdir('/proc').catch(() => [] as string[]);
  let killed = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const cwd = await readlink(`/proc/${entry}/cwd`).catch(() => null);
    if (cwd === null || (cwd !== jobRoot && !cwd.startsWith(jobRoot + sep))) continue;
    try {
      process.kill(Number(entry), 'SIGKILL');
      killed += 1;
    } catch {
      // gone already, or not ours
    }
  }
  return killed;
}
