import type { AddressInfo, Server } from 'node:net';
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { copyHeadWorkflow, importWorkflow } from '../support/workflow-helpers';
import { patient } from '../support/patience';

/**
 * `subscription { workflowInvocationChanged }` over graphql-ws at /graphql: the run as it is, then
 * each change of it (its state, steps, jobs and their states), fed by PostgreSQL's signals, so jobs
 * a second server process runs reach a subscriber connected to the first.
 */
let front: TestPlatform;
let worker: TestPlatform | null = null;
let server: Server;
let url: string;
let alice: TestUser;
let bob: TestUser;
let inputId: string;
let historyId: string;
let workflowId: string;
const clients: Client[] = [];

const CHANGED = `subscription ($invocationId: ID!) {
  workflowInvocationChanged(invocationId: $invocationId) { id state steps { orderIndex state jobs { id state } } }
}`;

type Run = { id: string; state: string; steps: Array<{ orderIndex: number; state: string; jobs: Array<{ id: string; state: string }> }> };
type GraphError = { message: string; extensions?: Record<string, unknown> };

const jobStates = (run: Run) => run.steps.flatMap((step) => step.jobs.map((job) => job.state));
const finished = (run: Run) => run.state === 'scheduled' && jobStates(run).length === 2 && jobStates(run).every((state) => state === 'ok');

function connect(connectionParams: Record<string, unknown> = {}): Client {
  const client = createClient({ url, webSocketImpl: WebSocket, connectionParams, retryAttempts: 0, lazy: true });
  clients.push(client);
  return client;
}

/** Collects the runs a subscription delivers until `until` holds, calling `onEach` with each; answers them, or the first error. */
function follow(client: Client, invocationId: string, until: (runs: Run[]) => boolean, onEach: (run: Run) => void = () => undefined, timeoutMs = patient(30_000)): Promise<{ runs: Run[]; errors?: GraphError[] }> {
  return new Promise((resolve, reject) => {
    const runs: Run[] = [];
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no end within ${timeoutMs} ms; got ${JSON.stringify(runs.map((run) => [run.state, jobStates(run)]))}`));
    }, timeoutMs);
    const stop = client.subscribe<{ workflowInvocationChanged: Run }>(
      { query: CHANGED, variables: { invocationId } },
      {
        next: (result) => {
          if (result.errors) {
            clearTimeout(timer);
            stop();
            resolve({ runs, errors: result.errors as GraphError[] });
            return;
          }
          const run = result.data?.workflowInvocationChanged;
          if (run) {
            runs.push(run);
            onEach(run);
          }
          if (until(runs)) {
            clearTimeout(timer);
            stop();
            resolve({ runs });
          }
        },
        error: (error) => {
          clearTimeout(timer);
          reject(error);
        },
        complete: () => undefined,
      },
    );
  });
}

/** Queues a run of the workflow on the input through the front process's REST API. */
async function invoke(): Promise<string> {
  const res = await front.api.post(`/api/workflows/${workflowId}/invocations`).send({ key: alice.key, history_id: historyId, inputs: { 0: { src: 'hda', id: inputId } } });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

/** A second process on the same database and files that runs the jobs (the front runs none). */
const startWorker = async () => (worker = await startTestPlatform({ LOCAL_JOB_WORKERS: '1' }, { reset: false, dataDir: front.platform.config.dataDir }));

beforeAll(async () => {
  front = await startTestPlatform({ LOCAL_JOB_WORKERS: '0' });
  server = front.platform.http.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  alice = await front.newUser('alice');
  bob = await front.newUser('bob');
  historyId = await createHistory(front, alice.key, 'runs');
  // The input is uploaded by a worker that then stops, so that no job of the runs below runs before the test says so.
  const uploader = await startWorker();
  const upload = await uploadText(uploader, alice.key, historyId, 'one\ntwo\nthree\n', { fileType: 'txt', name: 'lines.txt' });
  expect((await waitForJob(uploader, alice.key, upload.jobId)).state).toBe('ok');
  inputId = upload.datasetId;
  await uploader.close();
  worker = null;
  workflowId = (await importWorkflow(front, alice.key, copyHeadWorkflow('Followed', 2))).id;
}, patient(120_000));
afterAll(async () => {
  for (const client of clients) await client.dispose();
  await worker?.close();
  await front?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe('subscription workflowInvocationChanged', () => {
  it('delivers the run at once, then its scheduling and each state its jobs move through, up to ok, though another process ran them', async () => {
    const invocationId = await invoke();
    let workerStarted: Promise<unknown> | null = null;
    const { runs } = await follow(connect({ key: alice.key }), invocationId, (all) => finished(all[all.length - 1]), (run) => {
      // Once both jobs are made and wait, a second process starts and runs them.
      if (!workerStarted && jobStates(run).length === 2) workerStarted = startWorker();
    }, patient(60_000));
    await workerStarted;
    expect(runs[0].id).toBe(invocationId);
    // Seen waiting, then ok: the job states came from the other process's runner.
    expect(runs.some((run) => jobStates(run).length === 2 && jobStates(run).every((state) => state === 'new' || state === 'queued'))).toBe(true);
    expect(finished(runs[runs.length - 1])).toBe(true);
    expect(runs.length).toBeGreaterThanOrEqual(3);
  }, patient(90_000));

  it('delivers a cancel', async () => {
    // Nobody runs this run's jobs: it is cancelled while they wait.
    await worker?.close();
    worker = null;
    const invocationId = await invoke();
    // A supertest request is sent when awaited: `then` sends it now.
    const cancel = () =>
      front.api
        .post('/graphql')
        .set('x-api-key', alice.key)
        .send({ query: 'mutation ($id: ID!) { cancelWorkflowInvocation(id: $id) { state } }', variables: { id: invocationId } })
        .then((res) => res.body as { errors?: unknown });
    const cancelled: Array<ReturnType<typeof cancel>> = [];
    // Cancelled once the subscription delivered the run scheduled, its jobs waiting.
    const { runs } = await follow(connect({ key: alice.key }), invocationId, (all) => all[all.length - 1].state === 'cancelled', (run) => {
      if (cancelled.length === 0 && run.state === 'scheduled' && jobStates(run).length === 2) cancelled.push(cancel());
    });
    expect((await cancelled[0]).errors).toBeUndefined();
    const last = runs[runs.length - 1];
    expect(last.state).toBe('cancelled');
    expect(jobStates(last)).toEqual(['deleted', 'deleted']);
  }, patient(60_000));

  it("refuses another user's run and an anonymous caller, with the contract's errors", async () => {
    const invocationId = await invoke();
    const asBob = await follow(connect({ key: bob.key }), invocationId, () => false, undefined, 5_000);
    expect(asBob.errors?.[0]).toMatchObject({ message: 'Invocation is not owned by current user', extensions: { code: 'ItemOwnershipException' } });
    const anonymous = await follow(connect(), invocationId, () => false, undefined, 5_000);
    expect(anonymous.errors?.[0].extensions?.code).toBe('AuthenticationRequired');
  }, patient(30_000));
});
