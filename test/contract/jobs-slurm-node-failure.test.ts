import { createHistory, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { eventually, toolDirectory } from '../support/history-helpers';
import { describeWithSlurm, failNodeUnder, slurmCommand } from '../support/slurm-cluster';
import { slurmJobConf, startPlatformWithJobConf } from '../support/job-conf-platform';
import type { TestPlatform, TestUser } from '../support/test-platform';

/**
 * A cluster node that fails under a running job (issue 37, item 2): Slurm ends the job NODE_FAIL and
 * the platform ends it in error, saying the node failed. The node is failed for real (`scontrol
 * update state=DOWN`), which ends every job on it: the test holds the cluster's test lock alone
 * (describeWithSlurm's `exclusive`: other Slurm test files, in CI's other lanes, wait for it, and it
 * for them), and the node is back to idle before the lock is let go.
 */
const TOOLS = {
  'sleeper.xml': `<tool id="sleeper" name="Sleeps" version="1.0"><command>sleep 60; cat $input > $output</command>
  <inputs><param name="input" type="data" label="Input"/></inputs><outputs><data name="output" format="txt"/></outputs></tool>`,
};

const JOB_CONF = slurmJobConf({ cluster: '<param id="nativeSpecification">--mem=100</param>' });

describeWithSlurm(
  'a job whose Slurm node fails under it',
  () => {
    let h: TestPlatform;
    let alice: TestUser;
    beforeAll(async () => {
      h = await startPlatformWithJobConf(JOB_CONF, { SLURM_POLL_MS: '250', TOOL_DIRS: toolDirectory(TOOLS) });
      alice = await h.newUser('alice');
    });
    afterAll(() => h?.close());

    it('ends in error, saying the node failed (Slurm: NODE_FAIL); the node is idle again after', async () => {
      const history = await createHistory(h, alice.key);
      const upload = await uploadText(h, alice.key, history, 'input\n', { fileType: 'txt' });
      await waitForJob(h, alice.key, upload.jobId);
      const run = await runTool(h, alice.key, history, 'sleeper', { input: { src: 'hda', id: upload.datasetId } });
      const jobId = run.jobs[0].id;
      const slurmId = await eventually(async () => (await h.api.get(`/api/jobs/${jobId}`).query({ key: h.admin.key })).body.external_id as string | null, 20000, 'the Slurm job id');
      await eventually(async () => (await h.api.get(`/api/jobs/${jobId}`).query({ key: alice.key })).body.state === 'running', 30000, 'the job to run');

      const failed = await failNodeUnder(slurmId);
      // ReturnToService=2: the node, its slurmd answering, is back within a second or so.
      expect(failed.downMs).toBeLessThan(10_000);
      expect((await slurmCommand('sinfo', ['-h', '-n', failed.node, '-o', '%T'])).trim()).toBe('idle');

      const job = await waitForJob(h, alice.key, jobId, 30000);
      expect(job.state).toBe('error');
      const dataset = (await h.api.get(`/api/datasets/${run.outputs[0].id}`).query({ key: alice.key })).body;
      expect(dataset.state).toBe('error');
      expect(dataset.misc_info).toContain('This job failed because the cluster node running it failed (Slurm: NODE_FAIL)');
      expect((await slurmCommand('scontrol', ['show', 'job', '-o', slurmId])).match(/JobState=(\S+)/)?.[1]).toBe('NODE_FAIL');
    });
  },
  { exclusive: true },
);
