import { rmSync } from 'node:fs';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, runTool } from '../support/data-helpers';
import { toolDirWith, waitForJobState } from '../support/job-helpers';

const SLEEPER = `<tool id="test_sleeper" name="Sleep" version="1.0.0">
  <description>then write</description>
  <command>sleep $seconds &amp;&amp; echo done > $out_file1</command>
  <inputs>
    <param name="seconds" type="integer" value="5" label="Seconds"/>
  </inputs>
  <outputs>
    <data name="out_file1" format="txt"/>
  </outputs>
</tool>
`;

let h: TestPlatform;
let alice: TestUser;
let toolDir: string;

beforeAll(async () => {
  toolDir = toolDirWith('sleeper.xml', SLEEPER);
  h = await startTestPlatform({ JOB_TIMEOUT_SECONDS: '1', TOOL_DIRS: toolDir });
  alice = await h.newUser('alice');
});
afterAll(async () => {
  await h.close();
  rmSync(toolDir, { recursive: true, force: true });
});

describe('job engine: time limit', () => {
  it('ends a job that runs longer than JOB_TIMEOUT_SECONDS in error', async () => {
    const historyId = await createHistory(h, alice.key);
    const started = Date.now();
    const run = await runTool(h, alice.key, historyId, 'test_sleeper', { seconds: 5 });
    const job = await waitForJobState(h, alice.key, run.jobs[0].id, ['ok', 'error']);
    expect(job.state).toBe('error');
    expect(Date.now() - started).toBeLessThan(4500);
    const output = await h.api.get(`/api/datasets/${run.outputs[0].id}`).query({ key: alice.key });
    expect(output.body.state).toBe('error');
    expect(output.body.misc_info).toMatch(/time limit of 1 second/);
    const metrics = Object.fromEntries((job.job_metrics as Array<{ name: string; raw_value: string }>).map((metric) => [metric.name, metric.raw_value]));
    expect(Number(metrics.runtime_seconds)).toBeLessThan(3);
  });
});
