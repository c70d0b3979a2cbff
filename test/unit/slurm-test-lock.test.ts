import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterLockPath, takeClusterLock } from '../support/slurm-cluster';

/**
 * The lock the Slurm test files hold on the one-node cluster (test/support/slurm-cluster.ts): shared
 * among them, CI's lanes running side by side; exclusive for a test that fails the node. Here on a
 * lock file of its own (SLURM_CONF pointed at a new directory).
 */
describe("the Slurm tests' cluster lock", () => {
  const saved = process.env.SLURM_CONF;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'slurm-lock-'));
    process.env.SLURM_CONF = join(dir, 'slurm.conf');
  });
  afterAll(() => {
    process.env.SLURM_CONF = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('lies beside slurm.conf', () => {
    expect(clusterLockPath()).toBe(join(dir, 'tests.lock'));
  });

  it('is shared by any number of holders; the exclusive one waits for all of them, and gives up at its limit', async () => {
    const first = await takeClusterLock('shared', 2000);
    const second = await takeClusterLock('shared', 2000);
    await expect(takeClusterLock('exclusive', 300)).rejects.toThrow(/waited 0.3 s for the Slurm tests' exclusive lock/);
    await first.release();
    setTimeout(() => void second.release(), 300);
    const asked = Date.now();
    const alone = await takeClusterLock('exclusive', 5000);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(250);
    // (the exclusive one given up above did not take it meanwhile: this one has it)
    await expect(takeClusterLock('shared', 300)).rejects.toThrow(/shared lock/);
    await alone.release();
    await (await takeClusterLock('shared', 2000)).release();
  });
});
