import { createHistory, waitForJob } from '../support/data-helpers';
import { toolDirWith } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * A job records the memory it used (issue 37, item 3): the local runner follows the peak resident
 * memory of the command's processes (sampled every half second from /proc) and stores it as the
 * job metric `memory_peak_bytes` of the `core` plugin, shown in the job show's `job_metrics`.
 */
const HOG_TOOL = `<tool id="memory_hog" name="Memory hog" version="1.0">
  <command>big=\\$(head -c 40000000 /dev/zero | tr '\\0' a) &amp;&amp; sleep 1.2 &amp;&amp; echo \\\${#big} > '$out1'</command>
  <inputs/>
  <outputs><data name="out1" format="txt"/></outputs>
</tool>`;

let h: TestPlatform;
let ada: TestUser;

beforeAll(async () => {
  h = await startTestPlatform({ TOOL_DIRS: toolDirWith('memory_hog.xml', HOG_TOOL) });
  ada = await h.newUser('ada');
});
afterAll(() => h?.close());

describe('GET /api/jobs/{id}: the memory a local job used', () => {
  it('reports the peak resident memory of its processes as memory_peak_bytes, shown in MB', async () => {
    const historyId = await createHistory(h, ada.key, 'memory');
    const run = await h.api.post('/api/tools').set('x-api-key', ada.key).send({ tool_id: 'memory_hog', history_id: historyId, inputs: {} });
    expect(run.status).toBe(200);
    const job = await waitForJob(h, ada.key, run.body.jobs[0].id as string);
    expect(job.state).toBe('ok');
    const metrics = (await h.api.get(`/api/jobs/${run.body.jobs[0].id}`).set('x-api-key', ada.key)).body.job_metrics as Array<Record<string, string>>;
    const peak = metrics.find((metric) => metric.name === 'memory_peak_bytes');
    expect(peak).toEqual(expect.objectContaining({ plugin: 'core', title: 'Peak Memory Used', value: expect.stringMatching(/^\d+\.\d MB$/) }));
    // bash held a 40 MB string (twice over while it was read): at least that much was resident.
    expect(Number(peak?.raw_value)).toBeGreaterThan(35_000_000);
    expect(Number(peak?.raw_value)).toBeLessThan(2_000_000_000);
  });
});
