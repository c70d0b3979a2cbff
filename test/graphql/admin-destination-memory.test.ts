import { createHistory, waitForJob } from '../support/data-helpers';
import { sql, toolDirWith } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * destinationMemory (issue 37, item 3): what the jobs that ended at each destination used of memory
 * against what they were given, for the administrator telling which destinations are too small.
 */
const HOG_TOOL = `<tool id="memory_hog" name="Memory hog" version="1.0">
  <command>big=\\$(head -c 30000000 /dev/zero | tr '\\0' a) &amp;&amp; sleep 1 &amp;&amp; echo \\\${#big} > '$out1'</command>
  <inputs/>
  <outputs><data name="out1" format="txt"/></outputs>
</tool>`;

const QUERY = `query ($days: Int) { destinationMemory(days: $days) { destination jobs failedJobs measuredJobs maxUsedBytes p95UsedBytes meanUsedBytes allocatedBytes } }`;

let h: TestPlatform;
let ada: TestUser;

async function gql(key: string, variables: Record<string, unknown> = {}) {
  return (await h.api.post('/graphql').set('x-api-key', key).send({ query: QUERY, variables })).body as {
    data?: { destinationMemory: Array<Record<string, number | string | null>> };
    errors?: Array<{ message: string }>;
  };
}

beforeAll(async () => {
  h = await startTestPlatform({ TOOL_DIRS: toolDirWith('memory_hog.xml', HOG_TOOL) });
  ada = await h.newUser('ada');
});
afterAll(() => h?.close());

describe('destinationMemory', () => {
  it('sums up the finished jobs of each destination: how many, how many measured, the most and the 95th percentile used', async () => {
    const historyId = await createHistory(h, ada.key, 'memory');
    for (let i = 0; i < 2; i += 1) {
      const run = await h.api.post('/api/tools').set('x-api-key', ada.key).send({ tool_id: 'memory_hog', history_id: historyId, inputs: {} });
      expect((await waitForJob(h, ada.key, run.body.jobs[0].id as string)).state).toBe('ok');
    }
    const body = await gql(h.admin.key);
    expect(body.errors).toBeUndefined();
    const rows = body.data?.destinationMemory ?? [];
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ jobs: 2, failedJobs: 0, measuredJobs: 2, allocatedBytes: null });
    expect(Number(row.maxUsedBytes)).toBeGreaterThan(25_000_000);
    expect(Number(row.p95UsedBytes)).toBeLessThanOrEqual(Number(row.maxUsedBytes));
    expect(Number(row.meanUsedBytes)).toBeGreaterThan(25_000_000);
  });

  it("prefers the cluster's accounting (slurm/max_rss_bytes, req_mem_bytes) to what the platform saw, job by job", async () => {
    const jobs = await sql<{ id: number }>(h, "select id from job where tool_id = 'memory_hog' order by id");
    expect(jobs).toHaveLength(2);
    // As the Slurm runner records a job that sacct has: MaxRSS beside the job script's own peak.
    await sql(h, "insert into job_metric (job_id, plugin, name, value, numeric) values (?, 'slurm', 'max_rss_bytes', '900000000', true), (?, 'slurm', 'req_mem_bytes', '1073741824', true)", [jobs[0].id, jobs[0].id]);
    const [row] = (await gql(h.admin.key)).data?.destinationMemory ?? [];
    // Still two jobs measured (one by each source), the most the accounting's.
    expect(row).toMatchObject({ jobs: 2, measuredJobs: 2, maxUsedBytes: 900000000, allocatedBytes: 1073741824 });
    expect(Number(row.meanUsedBytes)).toBeLessThan(900000000 / 2 + 100_000_000);
    expect(Number(row.meanUsedBytes)).toBeGreaterThan(900000000 / 2);
  });

  it('is for administrators only, and refuses a period that is not 1 to 3650 days', async () => {
    expect((await gql(ada.key)).errors?.[0].message).toMatch(/administrator/);
    expect((await gql(h.admin.key, { days: 0 })).errors?.[0].message).toMatch(/days must be a whole number from 1 to 3650/);
    expect((await gql(h.admin.key, { days: 99999 })).errors?.[0].message).toMatch(/days must be/);
  });
});
