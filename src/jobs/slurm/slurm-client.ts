import { userInfo } from 'node:os';
import { runSlurm, SlurmCommandError } from './slurm-cli';
import { parseUsage, type SlurmUsage, USAGE_FIELDS } from './slurm-usage';

export interface SlurmJobStatus {
  /** Slurm's job id. */
  id: string;
  /** Its state word (PENDING, RUNNING, COMPLETED, …). */
  state: string;
  /** Why it waits or how it ended, when Slurm says. */
  reason: string;
  /** `code:signal` when Slurm knows it. */
  exitCode: string | null;
}

export interface Submission {
  script: string;
  /** The job's name in Slurm (it names the platform's job). */
  name: string;
  workingDir: string;
  /** Where Slurm writes the job's own output (slurmstepd's messages). */
  schedulerOutput: string;
  /** The destination's native specification, as arguments. */
  nativeArgs: readonly string[];
}

/** How many ids one sacct call names (a command line has its limits). */
const IDS_PER_CALL = 500;

/**
 * Slurm through its commands (`sbatch`, `squeue`, `sacct`, `scancel`): what the runner needs, each
 * a single call for all the jobs it asks about.
 */
export class SlurmClient {
  private readonly user = userInfo().username;
  /** Whether sacct reads the accounting database (false: only the job completion log, `-c`). */
  private accounting: boolean | null = null;
  /** Calls made, by command (the benchmark reports them). */
  readonly calls = new Map<string, number>();

  /** Whether sacct was seen reading an accounting database (slurmdbd). */
  get keepsAccounting(): boolean {
    return this.accounting === true;
  }

  private run(command: string, args: readonly string[], okCodes: number[] = []) {
    this.calls.set(command, (this.calls.get(command) ?? 0) + 1);
    return runSlurm(command, args, { okCodes });
  }

  /** Submits a job script; answers Slurm's job id. */
  async submit(submission: Submission): Promise<string> {
    const { stdout } = await this.run('sbatch', [
      '--parsable',
      `--job-name=${submission.name}`,
      `--chdir=${submission.workingDir}`,
      `--output=${submission.schedulerOutput}`,
      `--error=${submission.schedulerOutput}`,
      ...submission.nativeArgs,
      submission.script,
    ]);
    const id = stdout.trim().split(';')[0];
    if (!/^\d+(_\d+)?$/.test(id)) throw new SlurmCommandError('sbatch', `answered no job id: ${stdout.trim().slice(0, 200)}`);
    return id;
  }

  /**
   * The jobs Slurm's controller still knows (pending, running, and those ended within MinJobAge),
   * from one squeue call over this user's jobs (its cost does not grow with the ids asked for).
   */
  async liveStatuses(): Promise<Map<string, SlurmJobStatus>> {
    const { stdout } = await this.run('squeue', ['--noheader', '--states=all', `--user=${this.user}`, '--format=%i|%T|%r|%j']);
    const found = new Map<string, SlurmJobStatus>();
    for (const line of stdout.split('\n')) {
      const [id, state, reason] = line.trim().split('|');
      if (id && state) found.set(id, { id, state, reason: reason ?? '', exitCode: null });
    }
    return found;
  }

  /** Jobs by name among those the controller knows (a restarted submitter looks for its own). */
  async idsNamed(name: string): Promise<string[]> {
    const { stdout } = await this.run('squeue', ['--noheader', '--states=all', `--user=${this.user}`, `--name=${name}`, '--format=%i|%T']);
    return stdout
      .split('\n')
      .map((line) => line.trim().split('|'))
      .filter(([id, state]) => id && state && !['CANCELLED', 'FAILED', 'TIMEOUT', 'NODE_FAIL', 'OUT_OF_MEMORY', 'BOOT_FAIL', 'DEADLINE', 'PREEMPTED'].includes(state))
      .map(([id]) => id);
  }

  /**
   * How jobs the controller has forgotten ended: from the accounting database, or the job
   * completion log (`sacct -c`) where there is none or it lacks them (jobs that ended before it was
   * set up). Ids Slurm never knew are left out.
   */
  async endedStatuses(ids: readonly string[]): Promise<Map<string, SlurmJobStatus>> {
    const found = new Map<string, SlurmJobStatus>();
    for (let start = 0; start < ids.length; start += IDS_PER_CALL) {
      const chunk = ids.slice(start, start + IDS_PER_CALL);
      for (const status of await this.sacct(chunk.join(','))) if (chunk.includes(status.id)) found.set(status.id, status);
      const missing = chunk.filter((id) => !found.has(id));
      if (this.accounting && missing.length > 0) {
        for (const status of await this.completionLog(missing.join(','))) if (missing.includes(status.id)) found.set(status.id, status);
      }
    }
    return found;
  }

  /**
   * What accounting says ended jobs used (one sacct for the batch; steps included, for their memory).
   * Empty where the cluster keeps no accounting (the job completion log has no usage).
   */
  async usage(ids: readonly string[]): Promise<Map<string, SlurmUsage>> {
    const found = new Map<string, SlurmUsage>();
    if (this.accounting === false) return found;
    for (let start = 0; start < ids.length; start += IDS_PER_CALL) {
      const chunk = ids.slice(start, start + IDS_PER_CALL);
      let stdout: string;
      try {
        ({ stdout } = await this.run('sacct', ['--noheader', '--parsable2', '--noconvert', `--jobs=${chunk.join(',')}`, `--format=${USAGE_FIELDS.join(',')}`]));
        this.accounting = true;
      } catch (error) {
        if (this.accounting === true) throw error;
        this.accounting = false;
        return found;
      }
      for (const [id, usage] of parseUsage(stdout)) if (chunk.includes(id)) found.set(id, usage);
    }
    return found;
  }

  private async sacct(ids: string): Promise<SlurmJobStatus[]> {
    if (this.accounting !== false) {
      try {
        const { stdout } = await this.run('sacct', ['--noheader', '--parsable2', '--allocations', `--jobs=${ids}`, '--format=JobID,State,ExitCode,Reason']);
        this.accounting = true;
        return parseSacct(stdout);
      } catch (error) {
        if (this.accounting === true) throw error;
        this.accounting = false;
      }
    }
    return this.completionLog(ids);
  }

  private async completionLog(ids: string): Promise<SlurmJobStatus[]> {
    const { stdout } = await this.run('sacct', ['--completion', '--noheader', '--parsable2', `--jobs=${ids}`, '--format=JobID,State,ExitCode']);
    return parseSacct(stdout);
  }

  /** Cancels jobs (one call); ids Slurm no longer knows are not an error. */
  async cancel(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.run('scancel', [...ids], [1]);
  }
}

/** `sacct --parsable2` lines: JobID|State|ExitCode[|Reason]; steps (`123.batch`) are skipped. */
export function parseSacct(stdout: string): SlurmJobStatus[] {
  const statuses: SlurmJobStatus[] = [];
  for (const line of stdout.split('\n')) {
    const [id, state, exitCode, reason] = line.trim().split('|');
    if (!id || !state || id.includes('.')) continue;
    statuses.push({ id, state, reason: reason ?? '', exitCode: exitCode || null });
  }
  return statuses;
}
