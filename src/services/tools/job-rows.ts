import type { EntityManager } from '@mikro-orm/postgresql';
import { Dataset } from '../../entities/dataset.entity';
import { HistoryDatasetAssociation } from '../../entities/hda.entity';
import type { History } from '../../entities/history.entity';
import { Job, type JobParams } from '../../entities/job.entity';
import { User } from '../../entities/user.entity';
import { applyDefaultDatasetPermissions } from '../datasets';
import { allocateHids } from '../datasets';
import type { NewHdaFields } from '../datasets';

/** One job to write: its parameters, its outputs (fields and names) and its inputs by association name. */
export interface PlannedJob {
  params: JobParams;
  outputFields: NewHdaFields[];
  outputNames: string[];
  inputs: Array<{ name: string; hda: HistoryDatasetAssociation }>;
}

export interface JobRowsCommon {
  userId: number | null;
  history: History;
  toolId: string;
  toolVersion: string;
  paused: boolean;
}

/** What the per-job path (`em.create` of each entity) writes for a job paused over quota. */
export const PAUSED_OVER_QUOTA = "Execution of this dataset's job is paused because you were over your disk quota at the time it was ready to run";

type Row = Record<string, unknown>;

/**
 * Writes jobs with their output datasets in set-based statements, the rows `em.create` of each entity
 * would write (the same columns, defaults and id order): one hid allocation, then one multi-row insert
 * each for the datasets, the history datasets, their default permissions, the jobs, and their input and
 * output links (rows given as one JSON parameter: `jsonb_to_recordset`, in order). The rows come back
 * as entity objects the EntityManager does not manage (hydrating thousands costs more than writing
 * them): to answer with, or to refer to by id (`em.getReference`), never to flush.
 */
export async function insertJobs(em: EntityManager, common: JobRowsCommon, planned: readonly PlannedJob[]): Promise<Array<{ job: Job; outputs: HistoryDatasetAssociation[] }>> {
  if (planned.length === 0) return [];
  const now = new Date();
  const outputs = planned.flatMap((job) => job.outputFields);
  const firstHid = outputs.length ? await allocateHids(em, common.history.id, outputs.length) : 0;
  const datasetRows = outputs.length
    ? await em.execute<Row[]>(
        `insert into dataset (create_time, update_time, state, uuid)
         select ?, ?, r.state, gen_random_uuid() from jsonb_to_recordset(?::jsonb) as r(ord int, state text) order by r.ord
         returning id, uuid`,
        [now, now, JSON.stringify(outputs.map((fields, ord) => ({ ord, state: fields.state ?? 'queued' })))],
      )
    : [];
  const datasets = sortById(datasetRows).map((row, ord) =>
    Object.assign(new Dataset(), { id: Number(row.id), uuid: String(row.uuid), state: outputs[ord].state ?? 'queued', createTime: now, updateTime: now }),
  );
  const hdaRows = outputs.length
    ? await em.execute<Row[]>(
        `insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, info, extension, dbkey, metadata, visible, tool_version)
         select ?, ?, ?, r.dataset_id, r.hid, r.name, r.info, r.extension, r.dbkey, '{}'::jsonb, r.visible, ?
         from jsonb_to_recordset(?::jsonb) as r(ord int, dataset_id int, hid int, name text, info text, extension text, dbkey text, visible boolean) order by r.ord
         returning id`,
        [
          now,
          now,
          common.history.id,
          common.toolVersion,
          JSON.stringify(
            outputs.map((fields, ord) => ({
              ord,
              dataset_id: datasets[ord].id,
              hid: firstHid + ord,
              name: fields.name,
              info: fields.info ?? null,
              extension: fields.extension ?? 'data',
              dbkey: fields.dbkey ?? '?',
              visible: fields.visible ?? true,
            })),
          ),
        ],
      )
    : [];
  const hdas = sortById(hdaRows).map((row, ord) =>
    Object.assign(new HistoryDatasetAssociation(), {
      id: Number(row.id),
      createTime: now,
      updateTime: now,
      history: common.history,
      dataset: datasets[ord],
      hid: firstHid + ord,
      name: outputs[ord].name,
      info: outputs[ord].info ?? null,
      extension: outputs[ord].extension ?? 'data',
      dbkey: outputs[ord].dbkey ?? '?',
      visible: outputs[ord].visible ?? true,
      toolVersion: common.toolVersion,
    }),
  );
  if (common.history.user) await applyDefaultDatasetPermissions(em, common.history.user.id, datasets.map((dataset) => dataset.id));
  const jobRows = await em.execute<Row[]>(
    `insert into job (create_time, update_time, user_id, history_id, tool_id, tool_version, state, params, info)
     select ?, ?, ?, ?, ?, ?, ?, r.params, ? from jsonb_to_recordset(?::jsonb) as r(ord int, params jsonb) order by r.ord
     returning id`,
    [
      now,
      now,
      common.userId,
      common.history.id,
      common.toolId,
      common.toolVersion,
      common.paused ? 'paused' : 'queued',
      common.paused ? PAUSED_OVER_QUOTA : null,
      JSON.stringify(planned.map((job, ord) => ({ ord, params: job.params }))),
    ],
  );
  const user = common.userId === null ? null : em.getReference(User, common.userId);
  const jobs = sortById(jobRows).map((row, ord) =>
    Object.assign(new Job(), {
      id: Number(row.id),
      createTime: now,
      updateTime: now,
      user,
      history: common.history,
      toolId: common.toolId,
      toolVersion: common.toolVersion,
      state: common.paused ? ('paused' as const) : ('queued' as const),
      params: planned[ord].params,
      info: common.paused ? PAUSED_OVER_QUOTA : null,
    }),
  );
  let next = 0;
  const written = planned.map((one, index) => ({ job: jobs[index], outputs: hdas.slice(next, (next += one.outputFields.length)), one }));
  const inputLinks = written.flatMap(({ job, one }) => one.inputs.map((input) => ({ job_id: job.id, name: input.name, hda_id: input.hda.id })));
  const outputLinks = written.flatMap(({ job, outputs: made, one }) => made.map((hda, index) => ({ job_id: job.id, name: one.outputNames[index], hda_id: hda.id })));
  for (const [table, links] of [['job_to_input_dataset', inputLinks], ['job_to_output_dataset', outputLinks]] as const) {
    if (links.length === 0) continue;
    await em.execute(
      `insert into ${table} (job_id, name, hda_id)
       select r.job_id, r.name, r.hda_id from jsonb_to_recordset(?::jsonb) as r(ord int, job_id int, name text, hda_id int) order by r.ord`,
      [JSON.stringify(links.map((link, ord) => ({ ord, ...link })))],
    );
  }
  return written.map(({ job, outputs: made }) => ({ job, outputs: made }));
}

const sortById = (rows: Row[]) => [...rows].sort((a, b) => Number(a.id) - Number(b.id));
