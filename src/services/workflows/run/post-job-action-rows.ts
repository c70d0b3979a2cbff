import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The statements of a step's post-job actions, set-based: a fixed number of bind parameters whatever
 * the number of jobs (the job ids as one array, the changed rows as one JSON document), so a step
 * mapped over more than 65,535 datasets (PostgreSQL's limit of bind parameters per statement) is
 * written like one over three.
 */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

/** A history dataset output of one of the jobs, as it is before the actions. */
export interface OutputRow {
  job_id: number;
  name: string;
  hda_id: number;
  hda_name: string;
  visible: boolean;
  extension: string;
}

/** A history dataset input of one of the jobs: its association name and the dataset's name. */
export interface InputRow {
  job_id: number;
  name: string;
  hda_name: string;
}

/** The values an output takes after the actions. */
export interface OutputChange {
  id: number;
  name: string;
  visible: boolean;
  extension: string;
}

/** A tag to put on an output dataset (replacing any of the same name). */
export interface TagRow {
  itemId: number;
  name: string;
  value: string | null;
}

/** `{1,2,3}`: integers as one PostgreSQL array literal (one parameter). */
const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

export function inputRowsStatement(jobIds: readonly number[]): SqlStatement {
  return {
    sql: `select ji.job_id, ji.name, hda.name as hda_name
          from job_to_input_dataset ji join history_dataset_association hda on hda.id = ji.hda_id
          where ji.job_id = any(?::int[]) order by ji.job_id, ji.id`,
    params: [intArray(jobIds)],
  };
}

export function outputRowsStatement(jobIds: readonly number[]): SqlStatement {
  return {
    sql: `select jo.job_id, jo.name, hda.id as hda_id, hda.name as hda_name, hda.visible, hda.extension
          from job_to_output_dataset jo join history_dataset_association hda on hda.id = jo.hda_id
          where jo.job_id = any(?::int[]) order by jo.job_id, jo.id`,
    params: [intArray(jobIds)],
  };
}

export function updateOutputsStatement(changes: readonly OutputChange[], now: Date): SqlStatement {
  return {
    sql: `update history_dataset_association h set name = r.name, visible = r.visible, extension = r.extension, update_time = ?
          from jsonb_to_recordset(?::jsonb) as r(id int, name text, visible boolean, extension text) where h.id = r.id`,
    params: [now, JSON.stringify(changes)],
  };
}

/** Tags of the same name on the same datasets go first (a dataset holds one tag of a name). */
export function deleteTagsStatement(tags: readonly TagRow[]): SqlStatement {
  return {
    sql: `delete from item_tag t using jsonb_to_recordset(?::jsonb) as r(item_id int, name text)
          where t.item_type = 'hda' and t.item_id = r.item_id and t.name = r.name`,
    params: [JSON.stringify(tags.map((tag) => ({ item_id: tag.itemId, name: tag.name })))],
  };
}

/** The tags in the order given (their ids in that order, as one insert per tag would give them). */
export function insertTagsStatement(userId: number, tags: readonly TagRow[], now: Date): SqlStatement {
  return {
    sql: `insert into item_tag (create_time, update_time, user_id, item_type, item_id, name, value)
          select ?, ?, ?, 'hda', r.item_id, r.name, r.value
          from jsonb_to_recordset(?::jsonb) as r(ord int, item_id int, name text, value text) order by r.ord`,
    params: [now, now, userId, JSON.stringify(tags.map((tag, ord) => ({ ord, item_id: tag.itemId, name: tag.name, value: tag.value })))],
  };
}

export async function run<T extends object = Record<string, unknown>>(em: EntityManager, statement: SqlStatement): Promise<T[]> {
  return em.execute<T[]>(statement.sql, statement.params);
}
