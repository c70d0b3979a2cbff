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
