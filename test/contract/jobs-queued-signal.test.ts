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

describe('jobs queued in sets', () => {
  /** The job_queued signals `front` hears while `act` runs (and for a moment after, for late ones). */
  async function signalsDuring(act: () => Promise<unknown>): Promise<string[]> {
    const heard: string[] = [];
    const listener = (payload: string) => heard.push(payload);
    front.platform.services.db.signals.on('job_queued', listener);
    try {
      await act();
      await eventually(async () => heard.length > 0, 5_000, 'the job_queued signal');
      await new Promise((resolve) => setTimeout(resolve, 300));
      return heard;
    } finally {
      front.platform.services.db.signals.off('job_queued', listener);
    }
  }
  // Jobs of a tool nobody has, written by hand: no process's own notify, and no worker runs them (front has none).
  const insertJobs = (count: number, state: string) =>
    sql<{ id: number }>(
      front,
      `insert into job (create_time, update_time, tool_id, state, params) select now(), now(), 'signal_probe', ?, '{}' from generate_series(1, ?) returning id`,
      [state, count],
    );

  it('signals once for a statement that inserts 500 queued jobs, not once per job', async () => {
    expect(await signalsDuring(() => insertJobs(500, 'queued'))).toEqual(['']);
  });

  it('signals once for a statement that moves 500 jobs back to the queue', async () => {
    const jobs = await insertJobs(500, 'paused');
    const ids = jobs.map((job) => job.id);
    expect(await signalsDuring(() => sql(front, "update job set state = 'queued' where id = any(?::int[])", [`{${ids.join(',')}}`]))).toEqual(['']);
  });

  it('signals when a queued job held by a stopped process is let go (it becomes claimable)', async () => {
    const [job] = await insertJobs(1, 'new');
    await sql(front, "update job set state = 'queued', handler = 'gone:1:abc' where id = ?", [job.id]);
    expect(await signalsDuring(() => sql(front, 'update job set handler = null where id = ?', [job.id]))).toEqual(['']);
  });

  it('stays silent for updates that leave no job newly claimable (a heartbeat, a claimed job queued on a batch system)', async () => {
    const [job] = await insertJobs(1, 'new');
    await sql(front, "update job set state = 'running', handler = 'here:1:abc' where id = ?", [job.id]);
    const heard: string[] = [];
    const listener = (payload: string) => heard.push(payload);
    front.platform.services.db.signals.on('job_queued', listener);
    try {
      await sql(front, 'update job set heartbeat_time = now() where id = ?', [job.id]);
      await sql(front, "update job set state = 'queued' where id = ?", [job.id]);
      // A signal that does come proves the listener hears this process's statements.
      await sql(front, 'update job set handler = null where id = ?', [job.id]);
      await eventually(async () => heard.length > 0, 5_000, 'the job_queued signal');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual(['']);
    } finally {
      front.platform.services.db.signals.off('job_queued', listener);
    }
  });
});
