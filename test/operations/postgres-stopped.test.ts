import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPostgresBinaries } from '../../src/db/embedded-server/binaries';
import { clusterLayout } from '../../src/db/embedded-server/cluster-layout';
import { clusterOwner } from '../../src/db/embedded-server/cluster-owner';
import { readPostmasterPid } from '../../src/db/embedded-server/postmaster-pid';
import { processAlive } from '../../src/db/embedded-server/process-alive';
import { startPostmaster } from '../../src/db/embedded-server/start-postmaster';
import { createHistory } from '../support/data-helpers';
import { decoded, sql, toolDirWith } from '../support/job-helpers';
import { patient } from '../support/patience';
import { eventually } from '../support/server-processes';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { capturedLog } from '../support/captured-log';

/**
 * PostgreSQL itself stopped under load and started again (issue 37, item 7): the service runs on the
 * embedded server of its own DATA_DIR, as `npm start` does; eight clients keep writing while jobs
 * run; the server is shut down (fast shutdown: its sessions are ended) for a few seconds and started
 * again on the same cluster. Meanwhile every request answers 503 with Retry-After (never a 500);
 * afterwards every write that was acknowledged is there, and every job that ran through the outage
 * ends ok within 10 s of the server's return.
 */
const { log, lines } = capturedLog();

const NAP_TOOL = `<tool id="nap" name="Nap" version="1.0">
  <command>sleep 2 &amp;&amp; echo rested > '$out1'</command>
  <inputs/>
  <outputs><data name="out1" format="txt"/></outputs>
</tool>`;

const CLIENTS = 8;
const JOBS = 4;
const DOWN_MS = 6000;

let dataDir: string;
let h: TestPlatform;
let users: TestUser[];

beforeAll(async () => {
  // A short path: the server's socket lives under DATA_DIR, and a socket path must fit 107 bytes.
  dataDir = mkdtempSync(join(tmpdir(), 'pg-stop-'));
  h = await startTestPlatform(
    { DATABASE_URL: '', TOOL_DIRS: toolDirWith('nap.xml', NAP_TOOL), LOCAL_JOB_WORKERS: String(JOBS), JOB_HEARTBEAT_MS: '1000' },
    { dataDir, migrate: true, log },
  );
  users = [];
  for (let i = 0; i < CLIENTS; i += 1) users.push(await h.newUser(`writer${i}`));
}, patient(120_000));
afterAll(async () => {
  await h?.close();
  if (!dataDir) return;
  // The server the test started again is the test's own (the platform stops only one it started or joined at start).
  const left = readPostmasterPid(clusterLayout(dataDir).clusterDir);
  if (left && processAlive(left.pid)) await stopPostgres();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Stops the embedded server as an operator's `pg_ctl stop -m fast` would, and waits until it is gone. */
async function stopPostgres(): Promise<void> {
  const info = readPostmasterPid(clusterLayout(dataDir).clusterDir);
  if (!info) throw new Error('no embedded PostgreSQL is running on the test DATA_DIR');
  process.kill(info.pid, 'SIGINT');
  await eventually(async () => !processAlive(info.pid), 30_000);
}

async function startPostgres(): Promise<void> {
  await startPostmaster(clusterLayout(dataDir), findPostgresBinaries(), clusterOwner(), log);
}

interface Tally {
  acknowledged: string[];
  statuses: Map<number, number>;
  withoutRetryAfter: number;
}

/** One client: creates histories one after another until told to stop; each answer counts in the phase it was asked in. */
async function writer(user: TestUser, index: number, phaseNow: () => Tally | null): Promise<void> {
  for (let n = 0; ; n += 1) {
    const tally = phaseNow();
    if (tally === null) return;
    const name = `client ${index} write ${n}`;
    const response = await h.api.post('/api/histories').set('x-api-key', user.key).send({ name });
    tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
    if (response.status === 200 && response.body.name === name) tally.acknowledged.push(`${index}:${name}`);
    if (response.status === 503) {
      if (!response.headers['retry-after']) tally.withoutRetryAfter += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('PostgreSQL stopped under eight writing clients and started again', () => {
  it('answers 503 with Retry-After while it is down, loses nothing acknowledged, and ends every running job within 10 s of its return', async () => {
    const historyId = await createHistory(h, users[0].key, 'jobs');
    const jobIds: string[] = [];
    for (let i = 0; i < JOBS; i += 1) {
      const run = await h.api.post('/api/tools').set('x-api-key', users[0].key).send({ tool_id: 'nap', history_id: historyId, inputs: {} });
      expect(run.status).toBe(200);
      jobIds.push(run.body.jobs[0].id as string);
    }
    const jobState = async (id: string) => (await h.api.get(`/api/jobs/${id}`).set('x-api-key', users[0].key)).body.state as string;
    await eventually(async () => (await Promise.all(jobIds.map(jobState))).every((state) => state === 'running'), 15_000);

    const before: Tally = { acknowledged: [], statuses: new Map(), withoutRetryAfter: 0 };
    const during: Tally = { acknowledged: [], statuses: new Map(), withoutRetryAfter: 0 };
    const after: Tally = { acknowledged: [], statuses: new Map(), withoutRetryAfter: 0 };
    let phase: Tally | null = before;
    const clients = users.map((user, index) => writer(user, index, () => phase));
    await new Promise((resolve) => setTimeout(resolve, 500));

    const firstLine = lines.length;
    phase = during;
    await stopPostgres();
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, DOWN_MS));
    await startPostgres();
    const backAt = Date.now();
    phase = after;

    await eventually(async () => (await Promise.all(jobIds.map(jobState))).every((state) => state === 'ok'), 10_000).catch(async (error: Error) => {
      // What stood in the way: each job as the database has it, and what the service warned of meanwhile.
      const jobs = await sql(h, 'select id, state, info, attempts, handler, heartbeat_time from job where id = any(?)', [jobIds.map((id) => decoded(h, id))]);
      const warned = lines.slice(firstLine).filter((line) => line.level >= 40);
      throw new Error(`${error.message} ${Date.now() - backAt} ms after the return: ${JSON.stringify(jobs)}; warnings: ${JSON.stringify(warned).slice(0, 4000)}`);
    });
    const jobsDoneMs = Date.now() - backAt;
    await new Promise((resolve) => setTimeout(resolve, 500));
    phase = null;
    await Promise.all(clients);

    const count = (tally: Tally) => Object.fromEntries(tally.statuses);
    process.stdout.write(
      `PostgreSQL down ${Math.round((backAt - stoppedAt) / 100) / 10} s under ${CLIENTS} clients: before ${JSON.stringify(count(before))}, ` +
        `while down ${JSON.stringify(count(during))}, after ${JSON.stringify(count(after))}; ${JOBS} jobs ok ${jobsDoneMs} ms after its return\n`,
    );
    // Nothing but answers and 503s, at any time: never a 500.
    for (const tally of [before, during, after]) expect([...tally.statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(during.statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(before.withoutRetryAfter + during.withoutRetryAfter + after.withoutRetryAfter).toBe(0);
    expect(after.statuses.get(200) ?? 0).toBeGreaterThan(0);
    // 10 s on a machine of its own (1.0-3.8 s measured alone and under 4-6 busy loops); CI's five lanes on two cores stretch it (6.5 s seen).
    expect(jobsDoneMs).toBeLessThan(patient(10_000));

    // Every acknowledged write is there.
    const acknowledged = [...before.acknowledged, ...during.acknowledged, ...after.acknowledged];
    for (let index = 0; index < CLIENTS; index += 1) {
      const listed = await h.api.get('/api/histories').set('x-api-key', users[index].key);
      expect(listed.status).toBe(200);
      const names = new Set((listed.body as Array<{ name: string }>).map((history) => history.name));
      const missing = acknowledged.filter((entry) => entry.startsWith(`${index}:`)).map((entry) => entry.slice(entry.indexOf(':') + 1)).filter((name) => !names.has(name));
      expect([index, missing]).toEqual([index, []]);
    }
    // The outage is said once in the log, and its end once; nothing at error level meanwhile.
    const said = lines.slice(firstLine);
    expect(said.filter((line) => line.msg.startsWith('database unreachable'))).toHaveLength(1);
    expect(said.filter((line) => line.msg === 'database reachable again')).toHaveLength(1);
    expect(said.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
    // The process's presence on the server (what the last process counts before stopping it) is back too.
    const presences = async () =>
      Number((await sql<{ n: string }>(h, "select count(*) as n from pg_stat_activity where application_name = 'platform-process'"))[0].n);
    await eventually(async () => (await presences()) === 1, 5_000);
    expect(await presences()).toBe(1);
  }, patient(120_000));
});
