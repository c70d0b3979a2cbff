import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Env } from '../../src/config/app-config';
import { startTestPlatform, type TestPlatform } from './test-platform';

/**
 * A test platform run by the job configuration `jobConf`: written to the job_conf.xml of a directory
 * of its own (JOB_CONFIG_FILE), which close() removes after the platform.
 */
export async function startPlatformWithJobConf(jobConf: string, env: Env = {}): Promise<TestPlatform> {
  const dir = mkdtempSync(join(tmpdir(), 'job-conf-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const file = join(dir, 'job_conf.xml');
  writeFileSync(file, jobConf);
  let h: TestPlatform;
  try {
    h = await startTestPlatform({ ...env, JOB_CONFIG_FILE: file });
  } catch (error) {
    remove();
    throw error;
  }
  const close = h.close.bind(h);
  return Object.assign(h, {
    async close() {
      try {
        await close();
      } finally {
        remove();
      }
    },
  });
}

export interface SlurmJobConfOptions {
  /** What the default destination `cluster` (runner slurm) holds: its params, envs and resubmit rules. */
  cluster?: string;
  /** Destinations beside `cluster` and `local`. */
  destinations?: string;
  /** Sections after the destinations (`<tools>`, `<limits>`, `<handlers>`). */
  sections?: string;
  /** The local runner's workers (its default when absent). */
  localWorkers?: number;
}

/**
 * A job_conf.xml with the local and Slurm runners whose default destination is `cluster`, on Slurm,
 * with a `local` destination beside it (what the Slurm tests start from).
 */
export function slurmJobConf(options: SlurmJobConfOptions = {}): string {
  const workers = options.localWorkers === undefined ? '' : ` workers="${options.localWorkers}"`;
  return `<?xml version="1.0"?>
<job_conf>
  <plugins>
    <plugin id="local" type="runner" load="galaxy.jobs.runners.local:LocalJobRunner"${workers}/>
    <plugin id="slurm" type="runner" load="galaxy.jobs.runners.slurm:SlurmJobRunner"/>
  </plugins>
  <destinations default="cluster">
    <destination id="local" runner="local"/>
    <destination id="cluster" runner="slurm">${options.cluster ?? ''}</destination>
    ${options.destinations ?? ''}
  </destinations>
  ${options.sections ?? ''}
</job_conf>
`;
}
