import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { eventually } from '../support/history-helpers';
import { sql } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * A job (or a background task) queued by one process wakes the job workers of another at once (PostgreSQL's job_queued
 * signal), not at their next poll: here the worker polls only once a minute.
 */
let front: TestPlatform;
let worker: TestPlatform;
let alice: TestUser;

beforeAll(async () => {
  front = await startTestPlatform({ LOCAL_JOB_WORKERS: '0' });
  worker = await startTestPlatform({ LOCAL_JOB_WORKERS: '2', JOB_POLL_MS: '60000' }, { reset: false });
  alice = await front.newUser('alice');
});
afterAll(async () => {
  await front?.close();
  await worker?.close();
});

describe('a job queued in one process', () => {
  it('is run by the workers of another within seconds though they poll once a minute, several at once', async () => {
    const history = await createHistory(front, alice.key);
    // Let the worker's loops settle into their one-minute wait.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = Date.now();
    const uploads = await Promise.all([1, 2, 3].map((n) => uploadText(front, alice.key, history, `signal ${n}\n`, { fileType: 'txt' })));
    for (const upload of uploads) expect((await waitForJob(front, alice.key, upload.jobId, 20_000)).state).toBe('ok');
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('a background task queued by any process', () => {
  it('is signalled to every process (task_queued), so their task runners wake at once', async () => {
    const heard: string[] = [];
    const listener = (payload: string) => heard.push(payload);
    worker.platform.services.db.signals.on('task_queued', listener);
    try {
      // Queued by hand, outside any process's own notify: only the signal can tell the worker.
      const [task] = await sql<{ id: number }>(front, "insert into background_task (create_time, update_time, kind, payload, run_after) values (now(), now(), 'no_such_kind', '{}', now()) returning id");
      await eventually(async () => heard.includes(String(task.id)), 5_000, 'the task_queued signal');
    } finally {
      worker.platform.services.db.signals.off('task_queued', listener);
    }
  });
});
