import type { EntityManager } from '@mikro-orm/postgresql';
import { setOutputsRunning, setOutputStates } from '../job-claims';
import { jsonList, listParam } from '../job-routing';

/** A job this process follows in Slurm (or has claimed to submit there). */
export interface HeldJob {
  id: number;
  /** The platform's state of the job (a user may have deleted it meanwhile). */
  state: string;
  /** Slurm's job id; null while the job is being submitted. */
  externalId: string | null;
  /** Slurm's state as last seen (CANCELLING once this process asked Slurm to stop it). */
  externalState: string | null;
}

/** The platform asked Slurm to cancel the job (a deleted job, a purged history, a cancelled run). */
export const CANCELLING = 'CANCELLING';

/**
 * Takes over Slurm jobs nobody follows (their process stopped or crashed): `SKIP LOCKED`, so with
 * several processes each job is taken by exactly one.
 */
export async function adoptOrphans(em: EntityManager, handler: string, limit = 500): Promise<number> {
  const rows = await em.execute<Array<{ id: number }>>(
    `update job set handler = ?, heartbeat_time = now(), update_time = now()
     where id in (select id from job where external_state is not null and handler is null order by id for update skip locked limit ?)
     returning id`,
    [handler, limit],
  );
  return rows.length;
}

/** The jobs this process holds for Slurm, their claim renewed (one statement: the heartbeat of all of them). */
export async function renewHeldJobs(em: EntityManager, handler: string): Promise<HeldJob[]> {
  const rows = await em.execute<Array<{ id: number; state: string; external_id: string | null; external_state: string | null }>>(
    `update job set heartbeat_time = now()
     where handler = ? and runner = 'slurm' and (external_state is not null or state = 'queued')
     returning id, state, external_id, external_state`,
    [handler],
  );
  return rows.map((row) => ({ id: Number(row.id), state: row.state, externalId: row.external_id, externalState: row.external_state })).sort((a, b) => a.id - b.id);
}

/**
 * Records the Slurm job of a submission. A job cancelled while it was being submitted (its claim
 * cleared) is taken back, so the next poll cancels it in Slurm too. Answers the job's state, or
 * null when another process holds it (then the submission must be cancelled at once).
 */
export async function recordSubmission(em: EntityManager, jobId: number, handler: string, slurmId: string): Promise<string | null> {
  const rows = await em.execute<Array<{ state: string }>>(
    `update job set external_id = ?, external_state = 'PENDING', handler = ?, update_time = now()
     where id = ? and (handler = ? or handler is null)
     returning state`,
    [slurmId, handler, jobId, handler],
  );
  return rows[0]?.state ?? null;
}

/** Slurm's latest word on jobs (one statement per state). */
export async function recordExternalStates(em: EntityManager, handler: string, states: Map<number, string>): Promise<void> {
  const byState = new Map<string, number[]>();
  for (const [id, state] of states) byState.set(state, [...(byState.get(state) ?? []), id]);
  for (const [state, ids] of byState) {
    await em.execute(`update job set external_state = ?, update_time = now() where id = any(${jsonList('int')}) and handler = ? and external_state is not null`, [state, listParam(ids), handler]);
  }
}

/** Jobs Slurm started: running, with their outputs. */
export async function markRunning(em: EntityManager, handler: string, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await em.execute<Array<{ id: number }>>(
    `update job set state = 'running', start_time = coalesce(start_time, now()), update_time = now()
     where id = any(${jsonList('int')}) and handler = ? and state = 'queued'
     returning id`,
    [listParam(ids), handler],
  );
  const started = rows.map((row) => Number(row.id));
  await setOutputsRunning(em, started);
  return started;
}

/**
 * Takes back a job whose Slurm job ended, to record its result: the sweep may have let go of it
 * meanwhile (a poll that took longer than the stale interval, its heartbeat not renewed in time); a
 * job another process follows now is left to that process.
 */
export async function holdToFinish(em: EntityManager, handler: string, jobId: number): Promise<void> {
  await em.execute(
    'update job set handler = ?, heartbeat_time = now() where id = ? and external_state is not null and (handler is null or handler = ?)',
    [handler, jobId, handler],
  );
}

/** Slurm is done with the job: it is no longer followed (its result, if any, is recorded already). */
export async function releaseEnded(em: EntityManager, jobId: number): Promise<void> {
  await em.execute('update job set external_state = null, handler = null, update_time = now() where id = ?', [jobId]);
}

/**
 * A stopping process lets go of its Slurm jobs (they go on running; the next process to poll
 * follows them) and puts back the ones it claimed but did not submit.
 */
export async function releaseAll(em: EntityManager, handler: string): Promise<void> {
  await em.execute('update job set handler = null, update_time = now() where handler = ? and external_state is not null', [handler]);
  const requeued = await em.execute<Array<{ id: number }>>(
    "update job set handler = null, update_time = now() where handler = ? and runner = 'slurm' and state = 'queued' and external_state is null returning id",
    [handler],
  );
  await setOutputStates(em, requeued.map((row) => Number(row.id)), 'queued', null);
}
