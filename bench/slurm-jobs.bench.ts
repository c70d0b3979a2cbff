import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startPlatform } from '../src/app/platform';
import { loadConfig } from '../src/config/app-config';
import { createLogger } from '../src/logging/logger';
import type { SlurmRunner } from '../src/jobs/slurm/slurm-runner';

/**
 * N trivial jobs (cat1 on a one-line dataset, created by one batch request) through the local runner
 * and through Slurm: the time from queued to ok of each job (its creation to its end) and of all of
 * them, and the Slurm commands the server ran per minute (squeue, its one poll, must not grow with
 * the number of jobs). Needs the one-node Slurm (`npm run slurm:start`, SLURM_CONF exported).
 */

const MASTER = 'bench-slurm-master-key';
const JOB_CONF = `<job_conf>
  <plugins><plugin id="local" type="runner" load="galaxy.jobs.runners.local:LocalJobRunner"/><plugin id="slurm" type="runner" load="galaxy.jobs.runners.slurm:SlurmJobRunner"/></plugins>
  <destinations default="cluster"><destination id="local" runner="local"/><destination id="cluster" runner="slurm"><param id="nativeSpecification">--mem=50</param></destination></destinations>
</job_conf>`;

export interface JobRunFigures {
  runner: string;
  jobs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  totalMs: number;
  /** Slurm commands per minute of the run, by command (empty for the local runner). */
  commandsPerMinute: Record<string, number>;
}

async function resetServerDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  await client.end();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];

async function runJobs(jobs: number, onSlurm: boolean): Promise<JobRunFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-slurm-'));
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) await resetServerDatabase(serverUrl);
  writeFileSync(join(dataDir, 'job_conf.xml'), JOB_CONF);
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: serverUrl,
    MASTER_API_KEY: MASTER,
    ADMIN_USERS: 'bench@example.org',
    LOG_LEVEL: 'silent',
    JOB_POLL_MS: '200',
    SLURM_POLL_MS: process.env.BENCH_SLURM_POLL_MS ?? '1000',
    ...(onSlurm ? { JOB_CONFIG_FILE: join(dataDir, 'job_conf.xml') } : {}),
  });
  const platform = await startPlatform(config, createLogger('silent'));
  const server = platform.http.app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const post = async (path: string, body: unknown, key = MASTER) => {
    const res = await fetch(`${base}${path}?key=${key}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  try {
    const user = await post('/api/users', { email: 'bench@example.org', username: 'bench', password: 'bench-password' });
    const key = String(await post(`/api/users/${String(user.id)}/api_key`, {}));
    const history = String((await post('/api/histories', { name: 'bench' }, key)).id);
    const upload = await post('/api/tools', { tool_id: 'upload1', history_id: history, inputs: { 'files_0|url_paste': 'one line\n', 'files_0|type': 'upload_dataset', file_type: 'txt' } }, key);
    const datasetId = (upload.outputs as Array<{ id: string }>)[0].id;
    const em = platform.services.db.orm.em.fork();
    for (;;) {
      const [row] = await em.execute<Array<{ state: string }>>("select state from job where tool_id = 'upload1'");
      if (row?.state === 'ok') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const before = new Map((platform.services.jobEngine.runner('slurm') as SlurmRunner | undefined)?.commandCounts ?? []);
    const started = Date.now();
    await post('/api/tools', { tool_id: 'cat1', history_id: history, inputs: { input1: { batch: true, values: Array.from({ length: jobs }, () => ({ src: 'hda', id: datasetId })) } } }, key);
    for (;;) {
      const [row] = await em.execute<Array<{ done: number }>>("select count(*)::int as done from job where tool_id = 'cat1' and state in ('ok', 'error')");
      if (row.done >= jobs) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const elapsedMs = Date.now() - started;
    const rows = await em.execute<Array<{ ms: number; state: string }>>(
      "select extract(epoch from (end_time - create_time)) * 1000 as ms, state from job where tool_id = 'cat1' order by id",
    );
    if (rows.some((row) => row.state !== 'ok')) throw new Error(`${rows.filter((row) => row.state !== 'ok').length} jobs did not end ok`);
    const times = rows.map((row) => Number(row.ms)).sort((a, b) => a - b);
    const commandsPerMinute: Record<string, number> = {};
    for (const [command, count] of (platform.services.jobEngine.runner('slurm') as SlurmRunner | undefined)?.commandCounts ?? []) {
      commandsPerMinute[command] = Math.round(((count - (before.get(command) ?? 0)) / elapsedMs) * 60_000 * 10) / 10;
    }
    return { runner: onSlurm ? 'Slurm' : 'local', jobs, p50Ms: Math.round(percentile(times, 0.5)), p95Ms: Math.round(percentile(times, 0.95)), maxMs: Math.round(times[times.length - 1]), totalMs: elapsedMs, commandsPerMinute };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchSlurmJobs(sizes: number[]): Promise<JobRunFigures[]> {
  const figures: JobRunFigures[] = [];
  for (const jobs of sizes) {
    figures.push(await runJobs(jobs, false));
    figures.push(await runJobs(jobs, true));
  }
  return figures;
}

export function printJobRunFigures(title: string, figures: JobRunFigures[]): void {
  const lines = [
    `\n${title}`,
    `${'runner'.padEnd(8)} ${'jobs'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'total ms'.padStart(9)}   Slurm commands per minute`,
    ...figures.map(
      (f) =>
        `${f.runner.padEnd(8)} ${String(f.jobs).padStart(5)} ${String(f.p50Ms).padStart(8)} ${String(f.p95Ms).padStart(8)} ${String(f.maxMs).padStart(8)} ${String(f.totalMs).padStart(9)}   ${Object.entries(f.commandsPerMinute)
          .map(([command, rate]) => `${command} ${rate}`)
          .join(', ')}`,
    ),
    '(per job: from its creation, queued, to its end, ok; total: from the batch request to the last end)',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
