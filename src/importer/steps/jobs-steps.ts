import { int, jsonOf, stamp, textOf, utc } from '../convert';
import type { ImportStep, Skip, StepKit, TargetRow } from '../import-step';
import type { SourceRow } from '../source-database';
import { quoted } from '../source-database';
import { withReferences } from './step-kit';

/** States after which a 15.05 job never runs again: carried as they are. */
const FINISHED = new Set(['ok', 'error', 'deleted', 'deleted_new']);

/** What an unfinished job says after the move (its info), so nobody waits for it. */
export function interruptedInfo(state: string): string {
  return `interrupted by the move from Galaxy 15.05: the job was ${state} there and was not run again`;
}

/**
 * Jobs. The parameters (job_parameter: top-level name -> the JSON text 15.05 stored) become the
 * job's params; its first 'running' and its last state of job_state_history become its start and
 * end times (this service keeps no state history: the rows themselves are not carried).
 *
 * A job that 15.05 had not finished (new, upload, waiting, queued, running, paused, resubmitted…)
 * is carried as 'error' with an info saying it was interrupted by the move (and a notice): this
 * service's engine would otherwise claim it and run a command line written for the old server, with
 * its paths and handlers. Its handler is never kept; nor are session_id (this service's jobs have no
 * session), param_filename, traceback, library_folder_id, imported, object_store_id, params (a
 * 15.05 column unused by the jobs API) and destination_params.
 */
export const jobsStep: ImportStep = {
  name: 'job',
  source: 'job',
  targets: ['job'],
  async transform(rows, kit) {
    const notices: Skip[] = [];
    const ids = rows.map((row) => row.id);
    const users = await kit.existing('galaxy_user', rows.map((row) => row.user_id).filter((id): id is number => typeof id === 'number'));
    const histories = await kit.existing('history', rows.map((row) => row.history_id).filter((id): id is number => typeof id === 'number'));
    const parameters = await kit.source.query<{ job_id: number; name: string | null; value: string | null }>('select job_id, name, value from job_parameter where job_id = any($1) order by id', [ids]);
    const paramsOf = new Map<number, Record<string, unknown>>();
    for (const parameter of parameters) {
      if (parameter.name === null) continue;
      let params = paramsOf.get(Number(parameter.job_id));
      if (!params) paramsOf.set(Number(parameter.job_id), (params = {}));
      const text = parameter.value ?? 'null';
      const parsed = jsonOf(text);
      params[parameter.name] = parsed === null && text.trim() !== 'null' ? text : parsed;
    }
    const history = await kit.source.query<{ job_id: number; started: string | null; ended: string | null }>(
      `select job_id, min(create_time) filter (where state = 'running') as started,
         max(create_time) filter (where state in ('ok', 'error', 'deleted')) as ended
       from job_state_history where job_id = any($1) group by job_id`,
      [ids],
    );
    const timesOf = new Map(history.map((row) => [Number(row.job_id), row]));
    const jobs: TargetRow[] = rows.map((row) => {
      const sourceState = textOf(row.state) ?? 'new';
      let state = sourceState;
      let info = textOf(row.info);
      if (!FINISHED.has(sourceState)) {
        state = 'error';
        info = info ? `${interruptedInfo(sourceState)} (${info})` : interruptedInfo(sourceState);
        notices.push({ sourceTable: 'job', sourceId: row.id, reason: `state ${sourceState}: carried as error (interrupted by the move), never run again` });
      }
      let userId = typeof row.user_id === 'number' ? row.user_id : null;
      if (userId !== null && !users.has(userId)) {
        notices.push({ sourceTable: 'job', sourceId: row.id, reason: `user_id ${userId} names no galaxy_user that was carried over: carried without its user` });
        userId = null;
      }
      let historyId = typeof row.history_id === 'number' ? row.history_id : null;
      if (historyId !== null && !histories.has(historyId)) {
        notices.push({ sourceTable: 'job', sourceId: row.id, reason: `history_id ${historyId} names no history that was carried over: carried without its history` });
        historyId = null;
      }
      const times = timesOf.get(row.id);
      return {
        id: row.id,
        create_time: stamp(row.create_time, row.update_time),
        update_time: stamp(row.update_time, row.create_time),
        user_id: userId,
        history_id: historyId,
        tool_id: textOf(row.tool_id) ?? '',
        tool_version: (textOf(row.tool_version) ?? '1.0.0').slice(0, 64),
        state,
        params: paramsOf.get(row.id) ?? {},
        command_line: textOf(row.command_line),
        exit_code: int(row.exit_code),
        stdout: textOf(row.stdout) ?? '',
        stderr: textOf(row.stderr) ?? '',
        info,
        runner: null,
        handler: null,
        external_id: textOf(row.job_runner_external_id),
        destination_id: textOf(row.destination_id),
        start_time: utc(times?.started ?? null),
        end_time: FINISHED.has(sourceState) ? utc(times?.ended ?? null) : null,
      };
    });
    return { tables: [{ table: 'job', rows: jobs }], notices };
  },
};

/** The largest id of a source table (0 when empty): the offset that keeps a second source table's ids apart in a shared target. */
async function maxId(kit: StepKit, table: string): Promise<number> {
  if (!(await kit.source.hasTable(table))) return 0;
  const [row] = await kit.source.query<{ max: number | null }>(`select max(id) as max from ${quoted(table)}`);
  return Number(row?.max ?? 0);
}

/**
 * A 15.05 job-to-dataset table into this service's: history datasets (`dataset_id` is an HDA id)
 * keep their ids; library versions (`ldda_id`) go into the same table, their ids after the largest
 * id of the history variant (`offsetOf`).
 */
function jobDatasetStep(name: string, target: 'job_to_input_dataset' | 'job_to_output_dataset', library: boolean): ImportStep {
  const column = library ? 'ldda_id' : 'dataset_id';
  const table = library ? 'library_dataset_dataset_association' : 'history_dataset_association';
  return {
    name,
    source: name,
    optional: library,
    targets: [target],
    async transform(rows: SourceRow[], kit) {
      const { kept, skipped } = await withReferences(rows, name, { job_id: 'job', [column]: table }, kit);
      const offset = library ? await maxId(kit, target) : 0;
      const links: TargetRow[] = kept.map((row) => ({
        id: offset + row.id,
        job_id: row.job_id,
        name: (textOf(row.name) ?? '').slice(0, 255),
        hda_id: library ? null : row[column],
        ldda_id: library ? row[column] : null,
      }));
      return { tables: [{ table: target, rows: links }], skipped };
    },
  };
}

export const jobInputsStep = jobDatasetStep('job_to_input_dataset', 'job_to_input_dataset', false);
export const jobOutputsStep = jobDatasetStep('job_to_output_dataset', 'job_to_output_dataset', false);
export const jobLibraryInputsStep = jobDatasetStep('job_to_input_library_dataset', 'job_to_input_dataset', true);
export const jobLibraryOutputsStep = jobDatasetStep('job_to_output_library_dataset', 'job_to_output_dataset', true);

/** A numeric metric as 15.05 shows it: numeric(22,7) text without trailing zeros ("12.0000000" -> "12"). */
export function metricText(value: unknown): string {
  const text = textOf(value) ?? '';
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * job_metric_numeric and job_metric_text into job_metric: numeric ones keep their ids, text ones
 * take theirs after the largest numeric id.
 */
function metricStep(name: 'job_metric_numeric' | 'job_metric_text'): ImportStep {
  const numeric = name === 'job_metric_numeric';
  return {
    name,
    source: name,
    targets: ['job_metric'],
    async transform(rows, kit) {
      const { kept, skipped } = await withReferences(rows, name, { job_id: 'job' }, kit);
      const offset = numeric ? 0 : await maxId(kit, 'job_metric_numeric');
      const metrics: TargetRow[] = kept.map((row) => ({
        id: offset + row.id,
        job_id: row.job_id,
        plugin: textOf(row.plugin) ?? '',
        name: textOf(row.metric_name) ?? '',
        value: numeric ? metricText(row.metric_value) : (textOf(row.metric_value) ?? ''),
        numeric,
      }));
      return { tables: [{ table: 'job_metric', rows: metrics }], skipped };
    },
  };
}

export const jobNumericMetricsStep = metricStep('job_metric_numeric');
export const jobTextMetricsStep = metricStep('job_metric_text');
