import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdCodec } from '../../src/ids/id-codec';
import { call, eventually, type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-processes';
import { describeWithSlurm, slurmAvailable, slurmCommand, SLURM_NOT_RUNNING } from '../support/slurm-cluster';
import { patient } from '../support/patience';
import { slurmJobConf } from '../support/job-conf-platform';

/**
 * Slurm jobs outlive the server processes that follow them: a server killed while its jobs run in
 * Slurm is restarted and finishes every one of them once (none submitted twice, none lost), and two
 * processes on one database follow each job with exactly one of them. Server processes need the
 * PostgreSQL server (the embedded database belongs to one process) and the one-node Slurm.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const ready = Boolean(serverUrl) && slurmAvailable();
// (describeWithSlurm holds the cluster's test lock, shared, while the block runs.)
const onServerWithSlurm = ready ? (name: string, fn: () => void) => describeWithSlurm(name, fn) : describe.skip;
if (!ready) console.warn(`SKIPPED: Slurm server processes: ${serverUrl ? SLURM_NOT_RUNNING : 'they need TEST_DATABASE_URL (a PostgreSQL server)'}`);

const MASTER = 'slurm-processes-master-key';
const ID_SECRET = 'slurm-processes-id-secret-012345';
const ids = new IdCodec(ID_SECRET);

const JOB_CONF = slurmJobConf({ cluster: '<param id="nativeSpecification">--mem=100</param>' });

const PAUSE_TOOL = `<tool id="pause_copy" name="Copy after a pause" version="1.0"><command>sleep 4; cat $input > $output</command>
  <inputs><param name="input" type="data" label="Input"/></inputs><outputs><data name="output" format="txt"/></outputs></tool>`;

interface Setup {
  dataDir: string;
  env: Record<string, string>;
}

function setup(): Setup {
  const dataDir = mkdtempSync(join(tmpdir(), 'slurm-processes-'));
  const tools = join(dataDir, 'tools');
  const conf = join(dataDir, 'job_conf.xml');
  mkdirSync(tools);
  writeFileSync(join(tools, 'pause_copy.xml'), PAUSE_TOOL);
  writeFileSync(conf, JOB_CONF);
  const env = {
    DATABASE_URL: serverUrl ?? '',
    DATA_DIR: dataDir,
    MASTER_API_KEY: MASTER,
    ID_SECRET,
    ADMIN_USERS: 'admin@slurm.example.org',
    LOG_LEVEL: 'info',
    WEB_CONCURRENCY: '1',
    JOB_POLL_MS: '100',
    JOB_HEARTBEAT_MS: '500',
    JOB_STALE_SECONDS: '3',
    SLURM_POLL_MS: '250',
    JOB_CONFIG_FILE: conf,
    TOOL_DIRS: tools,
  };
  return { dataDir, env };
}

let counter = 0;

/** A user with a history holding one finished upload; answers the key, the history and the dataset. */
async function userWithData(server: ServerProcess): Promise<{ key: string; history: string; dataset: string }> {
  counter += 1;
  const name = `slurm-${Date.now()}-${counter}`;
  const created = await call(server, 'POST', '/api/users', { key: MASTER, body: { email: `${name}@example.org`, username: name, password: 'slurm-password' } });
  const key = String((await call(server, 'POST', `/api/users/${String(created.body.id)}/api_key`, { key: MASTER })).body);
  const history = String((await call(server, 'POST', '/api/histories', { key, body: { name: 'slurm' } })).body.id);
  const upload = await call(server, 'POST', '/api/tools', {
    key,
    body: { tool_id: 'upload1', history_id: history, inputs: { 'files_0|url_paste': 'kept through restarts\n', 'files_0|type': 'upload_dataset', file_type: 'txt' } },
  });
  const dataset = String((upload.body.outputs as unknown as Array<{ id: string }>)[0].id);
  const jobId = String((upload.body.jobs as unknown as Array<{ id: string }>)[0].id);
  await eventually(async () => (await call(server, 'GET', `/api/jobs/${jobId}`, { key })).body.state === 'ok', 30_000);
  return { key, history, dataset };
}

async function runPauses(server: ServerProcess, key: string, history: string, dataset: string, count: number): Promise<Array<{ job: string; output: string }>> {
  const runs: Array<{ job: string; output: string }> = [];
  for (let i = 0; i < count; i += 1) {
    const run = await call(server, 'POST', '/api/tools', { key, body: { tool_id: 'pause_copy', history_id: history, inputs: { input: { src: 'hda', id: dataset } } } });
    expect(run.status).toBe(200);
    runs.push({ job: String((run.body.jobs as unknown as Array<{ id: string }>)[0].id), output: String((run.body.outputs as unknown as Array<{ id: string }>)[0].id) });
  }
  return runs;
}

/** How many times Slurm was given each job name (the controller's jobs and the completion log). */
async function submissionsByName(): Promise<Map<string, Set<string>>> {
  const byName = new Map<string, Set<string>>();
  const add = (id: string, name: string) => byName.set(name, (byName.get(name) ?? new Set()).add(id));
  for (const line of (await slurmCommand('squeue', ['-h', '-t', 'all', '-o', '%i|%j'])).split('\n')) {
    const [id, name] = line.trim().split('|');
    if (id && name) add(id, name);
  }
  for (const line of (await slurmCommand('sacct', ['-c', '-n', '-P', '-o', 'JobID,JobName'])).split('\n')) {
    const [id, name] = line.trim().split('|');
    if (id && name) add(id, name);
  }
  return byName;
}

async function everyJobOk(server: ServerProcess, key: string, runs: Array<{ job: string; output: string }>): Promise<void> {
  for (const run of runs) await eventually(async () => (await call(server, 'GET', `/api/jobs/${run.job}`, { key })).body.state === 'ok', 90_000);
  for (const run of runs) {
    const res = await fetch(`${server.url}/api/datasets/${run.output}/display?key=${key}`);
    expect(await res.text()).toBe('kept through restarts\n');
  }
}

/** The platform job ids a server process logged with a message (its JSON log lines at info). */
const loggedJobIds = (server: ServerProcess, message: string): number[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes(`"msg":"${message}"`))
    .map((line) => (JSON.parse(line) as { jobId: number }).jobId);

/** What a server process logged of each Slurm job it finished. */
const loggedFinishes = (server: ServerProcess): Array<{ jobId: number; slurmJobId: string; slurmState: string; recorded: boolean; time: number }> =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"Slurm job finished"'))
    .map((line) => JSON.parse(line) as { jobId: number; slurmJobId: string; slurmState: string; recorded: boolean; time: number })
    .map(({ jobId, slurmJobId, slurmState, recorded, time }) => ({ jobId, slurmJobId, slurmState, recorded, time }));

/** The Slurm job ids the admin view shows, after every job reached Slurm. */
async function slurmIds(server: ServerProcess, runs: Array<{ job: string }>): Promise<string[]> {
  const found: string[] = [];
  for (const run of runs) {
    let id = '';
    await eventually(async () => {
      id = String((await call(server, 'GET', `/api/jobs/${run.job}`, { key: MASTER })).body.external_id ?? '');
      return id !== '';
    }, 30_000);
    found.push(id);
  }
  return found;
}

onServerWithSlurm('a server killed while its jobs run in Slurm', () => {
  it('is started again and finishes each of the 10 jobs once: none submitted twice, none lost', async () => {
    const { dataDir, env } = setup();
    let first: ServerProcess | undefined;
    let second: ServerProcess | undefined;
    try {
      first = await startServerProcess(env);
      const { key, history, dataset } = await userWithData(first);
      const runs = await runPauses(first, key, history, dataset, 10);
      const submitted = await slurmIds(first, runs);
      first.child.kill('SIGKILL');
      await first.exited;
      second = await startServerProcess(env);
      await everyJobOk(second, key, runs);
      // The restarted process followed the jobs Slurm already had: the same Slurm jobs, each name once.
      expect(await slurmIds(second, runs)).toEqual(submitted);
      const byName = await submissionsByName();
      const ours = [...byName].filter(([name]) => runs.some((run) => name.endsWith(`-${ids.decode(run.job)}`)) && name.startsWith('galaxy-'));
      const mine = ours.filter(([, jobIds]) => [...jobIds].some((id) => submitted.includes(id)));
      expect(mine).toHaveLength(10);
      for (const [, jobIds] of mine) expect(jobIds.size).toBe(1);
      // Each finished once, by one server or the other (the first may have finished one before it was killed
      // when the machine is slow): a failure shows each finish, its Slurm job, state and whether it was recorded.
      const finishes = [...loggedFinishes(first), ...loggedFinishes(second)];
      expect(finishes).toHaveLength(10);
      expect(new Set(finishes.map((finish) => finish.jobId)).size).toBe(10);
      expect(finishes.every((finish) => finish.recorded)).toBe(true);
    } finally {
      first?.child.kill('SIGKILL');
      await stopServerProcess(second);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, patient(180_000));
});

onServerWithSlurm('two server processes on one database with Slurm destinations', () => {
  it('follow each Slurm job with exactly one of them', async () => {
    const { dataDir, env } = setup();
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    try {
      a = await startServerProcess(env);
      b = await startServerProcess(env);
      const { key, history, dataset } = await userWithData(a);
      const runs = [...(await runPauses(a, key, history, dataset, 5)), ...(await runPauses(b, key, history, dataset, 5))];
      await everyJobOk(a, key, runs);
      const finished = [...loggedJobIds(a, 'Slurm job finished'), ...loggedJobIds(b, 'Slurm job finished')];
      const submissions = [...loggedJobIds(a, 'job submitted to Slurm'), ...loggedJobIds(b, 'job submitted to Slurm')];
      for (const run of runs) {
        expect(finished.filter((id) => id === ids.decode(run.job))).toHaveLength(1);
        expect(submissions.filter((id) => id === ids.decode(run.job))).toHaveLength(1);
      }
    } finally {
      await stopServerProcess(a);
      await stopServerProcess(b);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, patient(180_000));
});
