import { execFileSync } from 'node:child_process';
import { createHistory, waitForJob } from '../support/data-helpers';
import { toolDirWith } from '../support/job-helpers';
import { patient } from '../support/patience';
import { describeWithSlurm, slurmAvailable } from '../support/slurm-cluster';
import { slurmJobConf, startPlatformWithJobConf } from '../support/job-conf-platform';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * A job records what it used (issue 37, item 3), on the local runner and on Slurm alike: the peak
 * resident memory of the command's processes (`core/memory_peak_bytes`: the local runner samples
 * /proc every half second, or reads its cgroup v2's memory.peak; the Slurm job script samples /proc
 * on the node) and their CPU time (`core/cpu_user_seconds`, `core/cpu_system_seconds`: bash's
 * `times` over the command, or the cgroup's cpu.stat). Where the cluster keeps accounting
 * (slurmdbd), the Slurm job also gets sacct's record as metrics of the plugin `slurm`.
 */
const HOG_TOOL = `<tool id="memory_hog" name="Memory hog" version="1.0">
  <command>big=\\$(head -c 40000000 /dev/zero | tr '\\0' a) &amp;&amp; awk 'BEGIN { for (i = 0; i &lt; 2000000; i++) s += i }' &amp;&amp; sleep 2 &amp;&amp; echo \\\${#big} > '$out1'</command>
  <inputs/>
  <outputs><data name="out1" format="txt"/></outputs>
</tool>`;

type Metric = Record<string, string>;

async function runHog(h: TestPlatform, user: TestUser): Promise<Metric[]> {
  const historyId = await createHistory(h, user.key, 'memory');
  const run = await h.api.post('/api/tools').set('x-api-key', user.key).send({ tool_id: 'memory_hog', history_id: historyId, inputs: {} });
  expect(run.status).toBe(200);
  const job = await waitForJob(h, user.key, run.body.jobs[0].id as string, 60_000);
  expect(job.state).toBe('ok');
  return (await h.api.get(`/api/jobs/${run.body.jobs[0].id}`).set('x-api-key', user.key)).body.job_metrics as Metric[];
}

/** The memory and CPU time every runner records (`core`). */
function expectCoreUse(metrics: Metric[]): void {
  const peak = metrics.find((metric) => metric.name === 'memory_peak_bytes');
  expect(peak).toEqual(expect.objectContaining({ plugin: 'core', title: 'Peak Memory Used', value: expect.stringMatching(/^\d+\.\d MB$/) }));
  // bash held a 40 MB string (twice over while it was read): at least that much was resident.
  expect(Number(peak?.raw_value)).toBeGreaterThan(35_000_000);
  expect(Number(peak?.raw_value)).toBeLessThan(2_000_000_000);
  const user = metrics.find((metric) => metric.name === 'cpu_user_seconds');
  const system = metrics.find((metric) => metric.name === 'cpu_system_seconds');
  expect(user).toEqual(expect.objectContaining({ plugin: 'core', title: 'CPU Time Used (User)', value: expect.stringMatching(/^\d+\.\d\d seconds$/) }));
  expect(system).toEqual(expect.objectContaining({ plugin: 'core', title: 'CPU Time Used (System)' }));
  // awk counted to two million and tr turned 40 MB: some CPU, but less than the wall clock (one core each).
  const cpu = Number(user?.raw_value) + Number(system?.raw_value);
  expect(cpu).toBeGreaterThan(0.05);
  expect(cpu).toBeLessThan(Number(metrics.find((metric) => metric.name === 'runtime_seconds')?.raw_value) * 2 + 1);
}

describe('GET /api/jobs/{id}: what a local job used', () => {
  let h: TestPlatform;
  let ada: TestUser;
  beforeAll(async () => {
    h = await startTestPlatform({ TOOL_DIRS: toolDirWith('memory_hog.xml', HOG_TOOL) });
    ada = await h.newUser('ada');
  });
  afterAll(() => h?.close());

  it('reports the peak resident memory of its processes (memory_peak_bytes, shown in MB) and their CPU time', async () => {
    expectCoreUse(await runHog(h, ada));
  });
});

const JOB_CONF = slurmJobConf({ cluster: '<param id="nativeSpecification">--mem=300</param>' });

/** sacct reads an accounting database (slurmdbd): with `accounting_storage/none` it refuses. */
function clusterKeepsAccounting(): boolean {
  if (!slurmAvailable()) return false;
  try {
    execFileSync('sacct', ['-n', '-P', '-j', '1', '-o', 'JobID'], { timeout: 10_000, stdio: ['ignore', 'pipe', 'pipe'] });
    return true;
  } catch {
    return false;
  }
}

describeWithSlurm('GET /api/jobs/{id}: what a Slurm job used', () => {
  let h: TestPlatform;
  let ada: TestUser;
  let metrics: Metric[];
  beforeAll(async () => {
    h = await startPlatformWithJobConf(JOB_CONF, { SLURM_POLL_MS: '250', TOOL_DIRS: toolDirWith('memory_hog.xml', HOG_TOOL) });
    ada = await h.newUser('ada');
    metrics = await runHog(h, ada);
  }, patient(90_000));
  afterAll(() => h?.close());

  it('reports its memory and CPU time as the local runner does (measured by the job script on the node)', () => {
    expectCoreUse(metrics);
    expect(metrics.find((metric) => metric.name === 'galaxy_memory_mb')?.raw_value).toBe('300');
  });

  const accounting = clusterKeepsAccounting();
  (accounting ? it : it.skip)(
    accounting ? "reports sacct's record as the slurm plugin's metrics: MaxRSS, TotalCPU, Elapsed, AllocCPUS, ReqMem" : "sacct's metrics: SKIPPED, the cluster keeps no accounting (no slurmdbd: ONE_NODE_SLURM_DBD, MariaDB)",
    () => {
      const slurm = Object.fromEntries(metrics.filter((metric) => metric.plugin === 'slurm').map((metric) => [metric.name, metric]));
      // jobacct_gather looks every second; bash held its 40 MB string for two.
      expect(Number(slurm.max_rss_bytes?.raw_value)).toBeGreaterThan(35_000_000);
      expect(slurm.max_rss_bytes).toEqual(expect.objectContaining({ title: 'Max Memory Used (Slurm MaxRSS)', value: expect.stringMatching(/^\d+\.\d MB$/) }));
      expect(Number(slurm.total_cpu_seconds?.raw_value)).toBeGreaterThan(0.05);
      expect(Number(slurm.elapsed_seconds?.raw_value)).toBeGreaterThanOrEqual(2);
      expect(slurm.alloc_cpus?.raw_value).toBe('1');
      expect(slurm.req_mem_bytes?.raw_value).toBe(String(300 * 1024 * 1024));
      expect(slurm.req_mem_bytes?.value).toBe('300.0 MB');
    },
  );
});
