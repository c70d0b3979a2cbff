import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createHistory, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { decoded, sql, toolDirWith, UNKNOWN_ID, waitForJobState } from '../support/job-helpers';
import { listen, type Listening } from '../support/listening-platform';
import { patient } from '../support/patience';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * The administrators' jobs and server (issue 36): the job listing filtered by owner and destination,
 * cancelling jobs (a running command really stops), the lock on new jobs held in PostgreSQL (the
 * front process locks, the worker process obeys), live counts over graphql-ws, the server's status.
 * Two platforms on one database: the front runs no jobs, the worker runs them all.
 */
const SLEEP_SECONDS = '41.5';
const SLEEPER = `<tool id="admin_test_sleeper" name="Sleep" version="1.0.0">
  <command>sleep $seconds &amp;&amp; echo done > $out_file1</command>
  <inputs><param name="seconds" type="float" value="1" label="Seconds"/></inputs>
  <outputs><data name="out_file1" format="txt"/></outputs>
</tool>
`;

let front: TestPlatform;
let worker: TestPlatform;
let listening: Listening;
let toolDir: string;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let aliceHistory: string;
let aliceInput: string;
const clients: Client[] = [];

type GraphError = { message: string; extensions?: { code?: string } };

async function gql<T = Record<string, unknown>>(key: string, query: string, variables: Record<string, unknown> = {}): Promise<{ data?: T; errors?: GraphError[] }> {
  const res = await front.api.post('/graphql').set('x-api-key', key).send({ query, variables });
  return res.body as { data?: T; errors?: GraphError[] };
}

async function ok<T = Record<string, unknown>>(key: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await gql<T>(key, query, variables);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}

const PAGE = `query ($userEmail: String, $destinationIds: [String!], $states: [String!], $first: Int, $after: String) {
  jobsPage(userEmail: $userEmail, destinationIds: $destinationIds, states: $states, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { id toolId state userEmail runner destinationId externalId } }
  }
}`;
type PageNode = { id: string; toolId: string; state: string; userEmail: string | null; runner: string | null; destinationId: string | null };
type Page = { jobsPage: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: Array<{ node: PageNode }> } };

const LOCK = 'mutation ($locked: Boolean!) { setJobLock(locked: $locked) { locked changedAt changedBy } }';
const CANCEL = 'mutation ($ids: [ID!]!, $message: String) { cancelJobs(ids: $ids, message: $message) { cancelledIds alreadyFinishedIds } }';

async function auditActions(action: string): Promise<Array<{ action: string; targetLabel: string | null; targetId: string | null }>> {
  const data = await ok<{ adminAuditLog: { edges: Array<{ node: { action: string; targetLabel: string | null; targetId: string | null } }> } }>(
    admin.key,
    'query ($action: String) { adminAuditLog(first: 20, action: $action) { edges { node { action targetLabel targetId } } } }',
    { action },
  );
  return data.adminAuditLog.edges.map((edge) => edge.node);
}

/** The command lines of this machine's processes that run the sleeper's unusual sleep. */
function sleepers(): string[] {
  const out = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.startsWith(`sleep ${SLEEP_SECONDS}`));
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + patient(timeoutMs);
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  toolDir = toolDirWith('sleeper.xml', SLEEPER);
  front = await startTestPlatform({ LOCAL_JOB_WORKERS: '0', TOOL_DIRS: toolDir });
  alice = await front.newUser('alice');
  bob = await front.newUser('bob');
  worker = await startTestPlatform({ LOCAL_JOB_WORKERS: '2', TOOL_DIRS: toolDir }, { reset: false });
  // The worker's start gave the administrator a fresh key (older ones expire).
  admin = worker.admin;
  listening = await listen(front);
  aliceHistory = await createHistory(front, alice.key, 'alice jobs');
  const upload = await uploadText(front, alice.key, aliceHistory, 'a\nb\n', { fileType: 'txt', name: 'input.txt' });
  aliceInput = upload.datasetId;
  await waitForJob(front, alice.key, upload.jobId);
  const bobHistory = await createHistory(front, bob.key, 'bob jobs');
  await waitForJob(front, bob.key, (await uploadText(front, bob.key, bobHistory, 'c\n', { fileType: 'txt' })).jobId);
});
afterAll(async () => {
  for (const client of clients) await client.dispose();
  await sql(front, 'delete from job_lock').catch(() => undefined);
  await listening?.close();
  await front?.close();
  await worker?.close();
  rmSync(toolDir, { recursive: true, force: true });
});

describe('jobsPage for administrators: filtered by owner and destination', () => {
  it("keeps the jobs of owners whose email holds the fragment (any case), and those routed to a destination", async () => {
    const byAlice = await ok<Page>(admin.key, PAGE, { userEmail: 'ALICE@' });
    expect(byAlice.jobsPage.edges.length).toBeGreaterThan(0);
    expect(new Set(byAlice.jobsPage.edges.map((edge) => edge.node.userEmail))).toEqual(new Set([alice.email]));
    expect(byAlice.jobsPage.totalCount).toBe(byAlice.jobsPage.edges.length);
    const [one] = byAlice.jobsPage.edges;
    await sql(front, "update job set destination_id = 'bigmem' where id = ?", [decoded(front, one.node.id)]);
    const bigmem = await ok<Page>(admin.key, PAGE, { destinationIds: ['bigmem'] });
    expect(bigmem.jobsPage.edges.map((edge) => edge.node)).toEqual([expect.objectContaining({ id: one.node.id, destinationId: 'bigmem', runner: 'local' })]);
    const both = await ok<Page>(admin.key, PAGE, { userEmail: 'bob', destinationIds: ['bigmem'] });
    expect(both.jobsPage.edges).toEqual([]);
    expect((await ok<Page>(admin.key, PAGE, { userEmail: 'nobody-like-this' })).jobsPage.totalCount).toBe(0);
  });

  it('pages by cursor under a filter without repeating a job', async () => {
    const all = await ok<Page>(admin.key, PAGE, { userEmail: '@example.org', first: 100 });
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: Page = await ok<Page>(admin.key, PAGE, { userEmail: '@example.org', first: 1, after });
      seen.push(...page.jobsPage.edges.map((edge) => edge.node.id));
      if (!page.jobsPage.pageInfo.hasNextPage) break;
      after = page.jobsPage.pageInfo.endCursor;
    }
    expect(seen).toEqual(all.jobsPage.edges.map((edge) => edge.node.id));
    expect(seen.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses the owner and destination filters to a user (who sees only their own jobs)', async () => {
    const refused = await gql(alice.key, PAGE, { userEmail: 'bob' });
    expect(refused.errors?.[0].extensions?.code).toBe('AdminRequiredException');
    expect((await gql(alice.key, PAGE, { destinationIds: ['bigmem'] })).errors?.[0].extensions?.code).toBe('AdminRequiredException');
  });
});

describe('setJobLock: new jobs wait queued in every process until unlocked', () => {
  it('a job queued through the front while locked is not run by the worker process; unlocking runs it at once', async () => {
    const locked = await ok<{ setJobLock: { locked: boolean; changedBy: string | null; changedAt: string } }>(admin.key, LOCK, { locked: true });
    expect(locked.setJobLock).toMatchObject({ locked: true, changedBy: admin.email });
    expect((await ok<{ jobLock: { locked: boolean } }>(admin.key, '{ jobLock { locked } }')).jobLock.locked).toBe(true);
    // What the worker process's claims read: the row in PostgreSQL.
    expect(await sql(worker, 'select locked from job_lock')).toEqual([{ locked: true }]);

    const run = await runTool(front, alice.key, aliceHistory, 'cat1', { input1: { src: 'hda', id: aliceInput } });
    const jobId = run.jobs[0].id;
    // The worker is woken by job_queued at once and polls every 100 ms: a second and a half is fifteen chances to take it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [waiting] = await sql<{ state: string; handler: string | null }>(worker, 'select state, handler from job where id = ?', [decoded(front, jobId)]);
    expect(waiting).toEqual({ state: 'queued', handler: null });

    const started = Date.now();
    const unlocked = await ok<{ setJobLock: { locked: boolean } }>(admin.key, LOCK, { locked: false });
    expect(unlocked.setJobLock.locked).toBe(false);
    const done = await waitForJob(front, alice.key, jobId);
    expect(done.state).toBe('ok');
    expect(Date.now() - started).toBeLessThan(patient(5000));

    const entries = await auditActions('job.lock');
    expect(entries.slice(0, 2).map((entry) => entry.targetLabel)).toEqual(['unlocked', 'locked']);
  });

  it('is for administrators only', async () => {
    expect((await gql(alice.key, LOCK, { locked: true })).errors?.[0].extensions?.code).toBe('AdminRequiredException');
    expect((await gql(alice.key, '{ jobLock { locked } }')).errors?.[0].extensions?.code).toBe('AdminRequiredException');
    expect((await ok<{ jobLock: { locked: boolean } }>(admin.key, '{ jobLock { locked } }')).jobLock.locked).toBe(false);
  });
});

describe('cancelJobs: an administrator stops running and queued jobs', () => {
  it("kills a running local command, marks the job deleted and its output discarded, and says which had already ended", async () => {
    const run = await runTool(front, alice.key, aliceHistory, 'admin_test_sleeper', { seconds: SLEEP_SECONDS });
    const jobId = run.jobs[0].id;
    await waitForJobState(front, alice.key, jobId, ['running']);
    await until(() => sleepers().length > 0, 10_000, 'the sleeper runs');

    const status = await ok<{
      serverStatus: {
        claimHolders: Array<{ name: string; kind: string; holding: number; stale: boolean; lastHeartbeat: string }>;
        processes: Array<{ name: string; pid: number; stale: boolean; localWorkers: number; jobsHeld: number }>;
      };
    }>(admin.key, '{ serverStatus { claimHolders { name kind holding stale lastHeartbeat } processes { name pid stale localWorkers jobsHeld } } }');
    expect(status.serverStatus.claimHolders).toContainEqual(expect.objectContaining({ kind: 'local', holding: 1, stale: false }));
    // Both platforms of this test run in this process: each has its row and heartbeat, and each sees the job its pid's runner holds.
    expect(status.serverStatus.processes.map((row) => row.localWorkers).sort()).toEqual([0, 2]);
    for (const row of status.serverStatus.processes) expect(row).toMatchObject({ pid: process.pid, stale: false, jobsHeld: 1 });

    const cancelled = await ok<{ cancelJobs: { cancelledIds: string[]; alreadyFinishedIds: string[] } }>(admin.key, CANCEL, { ids: [jobId], message: 'maintenance' });
    expect(cancelled.cancelJobs).toEqual({ cancelledIds: [jobId], alreadyFinishedIds: [] });
    // The worker's next heartbeat (every second) finds the job no longer running and kills its process group.
    await until(() => sleepers().length === 0, 10_000, 'the sleeper is killed');
    const job = await front.api.get(`/api/jobs/${jobId}`).query({ key: admin.key });
    expect(job.body.state).toBe('deleted');
    const output = await front.api.get(`/api/datasets/${run.outputs[0].id}`).query({ key: alice.key });
    expect(output.body).toMatchObject({ state: 'discarded', misc_info: 'This job was stopped by an administrator: maintenance' });

    const again = await ok<{ cancelJobs: { cancelledIds: string[]; alreadyFinishedIds: string[] } }>(admin.key, CANCEL, { ids: [jobId] });
    expect(again.cancelJobs).toEqual({ cancelledIds: [], alreadyFinishedIds: [jobId] });
    const [entry] = await auditActions('job.cancel');
    expect(entry).toMatchObject({ action: 'job.cancel', targetId: jobId });
  });

  it('cancels several queued jobs at once (the lock keeps them queued)', async () => {
    await ok(admin.key, LOCK, { locked: true });
    const ids: string[] = [];
    for (let n = 0; n < 3; n += 1) ids.push((await runTool(front, alice.key, aliceHistory, 'cat1', { input1: { src: 'hda', id: aliceInput } })).jobs[0].id);
    const cancelled = await ok<{ cancelJobs: { cancelledIds: string[] } }>(admin.key, CANCEL, { ids });
    expect(new Set(cancelled.cancelJobs.cancelledIds)).toEqual(new Set(ids));
    await ok(admin.key, LOCK, { locked: false });
    const states = await sql<{ state: string }>(front, 'select state from job where id = any(?::int[])', [`{${ids.map((id) => decoded(front, id)).join(',')}}`]);
    expect(states.map((row) => row.state)).toEqual(['deleted', 'deleted', 'deleted']);
    const [entry] = await auditActions('job.cancel');
    expect(entry.targetLabel).toBe('3 jobs');
  });

  it("refuses a user, an unknown job and a malformed id with the contract's errors, stopping nothing", async () => {
    expect((await gql(alice.key, CANCEL, { ids: [UNKNOWN_ID] })).errors?.[0].extensions?.code).toBe('AdminRequiredException');
    expect((await gql(admin.key, CANCEL, { ids: [UNKNOWN_ID] })).errors?.[0].extensions?.code).toBe('ObjectNotFound');
    expect((await gql(admin.key, CANCEL, { ids: ['not-an-id'] })).errors?.[0].extensions?.code).toBe('MalformedId');
    expect((await gql(admin.key, CANCEL, { ids: [] })).errors?.[0].extensions?.code).toBe('RequestParameterInvalidException');
  });
});

type Counts = { counts: Array<{ state: string; destinationId: string | null; count: number }> };
const COUNTS = 'subscription { jobCountsChanged { counts { state destinationId count } countedAt } }';

function connect(key: string): Client {
  const client = createClient({ url: listening.socketUrl, webSocketImpl: WebSocket, connectionParams: { key }, retryAttempts: 0, lazy: true });
  clients.push(client);
  return client;
}

const countOf = (event: Counts, state: string) => event.counts.filter((count) => count.state === state).reduce((sum, count) => sum + count.count, 0);

describe('subscription jobCountsChanged: live counts by state and destination', () => {
  it('delivers the counts at once, then again as a job is queued (locked) and as it runs and ends (unlocked), from the worker process', async () => {
    const events: Counts[] = [];
    let failure: unknown = null;
    const client = connect(admin.key);
    const stop = client.subscribe<{ jobCountsChanged: Counts }>(
      { query: COUNTS },
      {
        next: (result) => {
          if (result.errors) failure = result.errors;
          else if (result.data) events.push(result.data.jobCountsChanged);
        },
        error: (error) => (failure = error),
        complete: () => undefined,
      },
    );
    try {
      await until(() => events.length > 0 || failure !== null, 10_000, 'the first counts');
      expect(failure).toBeNull();
      expect(countOf(events[0], 'queued')).toBe(0);
      await ok(admin.key, LOCK, { locked: true });
      const run = await runTool(front, alice.key, aliceHistory, 'cat1', { input1: { src: 'hda', id: aliceInput } });
      await until(() => events.some((event) => countOf(event, 'queued') === 1), 10_000, 'a queued job counted');
      const queuedAt = events.length;
      await ok(admin.key, LOCK, { locked: false });
      await waitForJob(front, alice.key, run.jobs[0].id);
      await until(() => events.slice(queuedAt).some((event) => countOf(event, 'queued') === 0 && countOf(event, 'running') === 0), 10_000, 'the job counted out');
      expect(events[events.length - 1].counts.every((count) => count.destinationId === null)).toBe(true);
    } finally {
      stop();
    }
  });

  it('refuses a user (the subscription and the jobCounts query)', async () => {
    const errors = await new Promise<GraphError[] | null>((resolve) => {
      connect(alice.key).subscribe(
        { query: COUNTS },
        { next: (result) => resolve((result.errors as GraphError[] | undefined) ?? null), error: () => resolve(null), complete: () => resolve(null) },
      );
    });
    expect(errors?.[0].extensions?.code).toBe('AdminRequiredException');
    expect((await gql(alice.key, '{ jobCounts { counts { count } } }')).errors?.[0].extensions?.code).toBe('AdminRequiredException');
    expect((await ok<{ jobCounts: Counts }>(admin.key, '{ jobCounts { counts { state destinationId count } } }')).jobCounts.counts.every((count) => count.count > 0)).toBe(true);
  });
});

describe('serverStatus', () => {
  const STATUS = `{ serverStatus {
    version serviceVersion thisProcess { host pid startedAt }
    database { embedded version sizeBytes }
    queue { destinationId waiting dispatched }
    slurm { configured reachable problem }
    dataDir { path totalBytes usedBytes freeBytes }
    configuration { key value secret }
    jobsLocked
  } }`;
  type Status = {
    serverStatus: {
      version: string;
      database: { embedded: boolean; version: string; sizeBytes: number };
      slurm: { configured: boolean; reachable: boolean | null };
      dataDir: { path: string; totalBytes: number; usedBytes: number; freeBytes: number };
      configuration: Array<{ key: string; value: string; secret: boolean }>;
      thisProcess: { pid: number };
    };
  };

  it('gives versions, the database, DATA_DIR’s disk, Slurm (not configured) and the configuration with its secrets hidden', async () => {
    const { serverStatus } = await ok<Status>(admin.key, STATUS);
    expect(serverStatus.version).toBe('15.05.1');
    expect(serverStatus.thisProcess.pid).toBe(process.pid);
    expect(serverStatus.database.version).toMatch(/^\d+/);
    expect(serverStatus.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(serverStatus.database.embedded).toBe(false); // the tests' platforms open TEST_DATABASE_URL
    expect(serverStatus.slurm).toEqual({ configured: false, reachable: null, problem: null });
    expect(serverStatus.dataDir.path).toBe(front.platform.services.config.dataDir);
    expect(serverStatus.dataDir.freeBytes).toBeGreaterThan(0);
    expect(serverStatus.dataDir.usedBytes + serverStatus.dataDir.freeBytes).toBeLessThanOrEqual(serverStatus.dataDir.totalBytes);
    const byKey = new Map(serverStatus.configuration.map((entry) => [entry.key, entry]));
    for (const secret of ['idSecret', 'masterApiKey', 'runnerTokens']) expect(byKey.get(secret)).toEqual({ key: secret, value: '[hidden]', secret: true });
    expect(byKey.get('dataDir')?.value).toBe(serverStatus.dataDir.path);
    const text = JSON.stringify(serverStatus);
    const config = front.platform.services.config;
    expect(text).not.toContain(config.masterApiKey);
    expect(text).not.toContain(config.idSecret);
    const password = config.databaseUrl ? new URL(config.databaseUrl).password : '';
    if (password) expect(text).not.toContain(password);
  });

  it('is for administrators only', async () => {
    expect((await gql(alice.key, '{ serverStatus { version } }')).errors?.[0].extensions?.code).toBe('AdminRequiredException');
  });
});
