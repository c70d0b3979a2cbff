import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import type { TestPlatform } from './test-platform';
import { pollPause } from './poll-pause';
import { patient } from './patience';

/** The job id 1 of a default platform: well formed, but (usually) of no job in a small test. */
export const UNKNOWN_ID = 'f7bb1edd6b95db62';

/** Expects the platform's error body with a status and err_code. */
export function expectError(res: Response, status: number, errCode: number): void {
  if (res.status !== status || res.body?.err_code !== errCode) {
    throw new Error(`expected ${status}/${errCode}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** A superagent parser that keeps the body as a Buffer (downloads, job files). */
export function binaryParser(response: { on(event: string, listener: (chunk: Buffer) => void): unknown }, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}

/** Polls a job until it reaches one of the states (through the API, as its owner or an admin). */
export async function waitForJobState(h: TestPlatform, key: string, jobId: string, states: string[], timeoutMs = 20000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + patient(timeoutMs);
  for (let attempt = 0; ; attempt += 1) {
    const res = await h.api.get(`/api/jobs/${jobId}`).query({ key, full: 'true' });
    if (res.status !== 200) throw new Error(`job ${jobId}: ${res.status} ${JSON.stringify(res.body)}`);
    if (states.includes(res.body.state)) return res.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${res.body.state}, expected ${states.join('/')}`);
    await pollPause(attempt);
  }
}

/** The integer id behind an encoded id. */
export function decoded(h: TestPlatform, encodedId: string): number {
  return h.platform.services.ids.decode(encodedId);
}

/** The job_key the runners present for a job (its id encoded with the jobs_files kind). */
export function jobKeyOf(h: TestPlatform, encodedJobId: string): string {
  return h.platform.services.ids.encode(decoded(h, encodedJobId), 'jobs_files');
}

/** Runs SQL on the test database (for states the API cannot produce: crashes, stale heartbeats). */
export async function sql<T = Record<string, unknown>>(h: TestPlatform, statement: string, params: unknown[] = []): Promise<T[]> {
  return h.platform.services.db.orm.em.fork().getConnection().execute<T[]>(statement, params);
}

/** A temporary tool directory holding one tool XML (for TOOL_DIRS). */
export function toolDirWith(fileName: string, xml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'test-tools-'));
  writeFileSync(join(dir, fileName), xml);
  return dir;
}

/** A tool that runs 30 s: past any walltime limit a resubmission test sets (its id: `overtime`). */
export const OVERTIME_TOOL = `<tool id="overtime" name="Runs too long" version="1.0"><command>sleep 30; echo late > $output</command>
  <inputs/><outputs><data name="output" format="txt"/></outputs></tool>`;
