import { bool, jsonOf, stamp, textOf } from '../convert';
import type { ImportStep, Skip, StepKit, TargetRow } from '../import-step';
import type { SourceRow } from '../source-database';
import { earlierRepeats, withReferences } from './step-kit';
import { idsOf } from './workflows-shared';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const times = (row: SourceRow) => ({ create_time: stamp(row.create_time, row.update_time), update_time: stamp(row.update_time, row.create_time) });

/**
 * The filled-in values a row names through `form_values_id` (the platform's form_values, bytea
 * JSON): this service keeps them on the row. Missing or unreadable values are carried as {} and reported.
 */
async function formValuesOf(kit: StepKit, table: string, rows: SourceRow[], notices: Skip[]): Promise<Map<number, Record<string, unknown>>> {
  const ids = idsOf(rows, 'form_values_id');
  const found = ids.length === 0 ? [] : await kit.source.query<{ id: number; content: unknown }>('select id, content from form_values where id = any($1)', [ids]);
  const contentOf = new Map(found.map((row) => [Number(row.id), jsonOf(row.content)]));
  const values = new Map<number, Record<string, unknown>>();
  for (const row of rows) {
    if (typeof row.form_values_id !== 'number') {
      values.set(row.id, {});
      continue;
    }
    const content = contentOf.get(row.form_values_id);
    if (!isRecord(content)) notices.push({ sourceTable: table, sourceId: row.id, reason: `form_values ${row.form_values_id} is missing or not a JSON object: values carried as {}` });
    values.set(row.id, isRecord(content) ? content : {});
  }
  return values;
}

export const formDefinitionCurrentStep: ImportStep = {
  name: 'form_definition_current',
  source: 'form_definition_current',
  targets: ['form_definition_current'],
  async transform(rows) {
    return { tables: [{ table: 'form_definition_current', rows: rows.map((row) => ({ id: row.id, ...times(row), deleted: bool(row.deleted) })) }] };
  },
};

/** Form versions (fields and layout as the platform wrote them); the current pointer is set when its version is carried. */
export const formDefinitionsStep: ImportStep = {
  name: 'form_definition',
  source: 'form_definition',
  targets: ['form_definition'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'form_definition', { form_definition_current_id: 'form_definition_current' }, kit);
    const notices: Skip[] = [];
    const out: TargetRow[] = kept.map((row) => {
      const fields = jsonOf(row.fields);
      const layout = jsonOf(row.layout);
      if (!Array.isArray(fields) && row.fields !== null) notices.push({ sourceTable: 'form_definition', sourceId: row.id, reason: 'fields are not a JSON list: carried as []' });
      return {
        id: row.id,
        ...times(row),
        name: textOf(row.name) ?? '',
        desc: textOf(row.desc) ?? '',
        type: textOf(row.type) ?? '',
        form_definition_current_id: row.form_definition_current_id,
        fields: Array.isArray(fields) ? fields : [],
        layout: Array.isArray(layout) ? layout : [],
      };
    });
    const ids = idsOf(kept);
    const latest = ids.length === 0 ? [] : await kit.source.query<{ id: number; latest_form_id: number }>('select id, latest_form_id from form_definition_current where latest_form_id = any($1)', [ids]);
    const currents = await kit.existing('form_definition_current', latest.map((row) => Number(row.id)));
    const pointers = latest.filter((row) => currents.has(Number(row.id))).map((row) => ({ id: Number(row.id), latest_form_id: Number(row.latest_form_id) }));
    return { tables: [{ table: 'form_definition', rows: out }, { table: 'form_definition_current', rows: pointers, update: true }], skipped, notices };
  },
};

export const externalServicesStep: ImportStep = {
  name: 'external_service',
  source: 'external_service',
  targets: ['external_service'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'external_service', { form_definition_id: 'form_definition' }, kit, ['form_definition_id']);
    const notices: Skip[] = [];
    const values = await formValuesOf(kit, 'external_service', kept, notices);
    const out: TargetRow[] = kept.map((row) => ({
      id: row.id,
      ...times(row),
      name: textOf(row.name) ?? '',
      description: textOf(row.description) ?? '',
      external_service_type_id: textOf(row.external_service_type_id) ?? '',
      version: textOf(row.version),
      form_definition_id: row.form_definition_id ?? null,
      form_values: values.get(row.id) ?? {},
      deleted: bool(row.deleted),
    }));
    return { tables: [{ table: 'external_service', rows: out }], skipped, notices };
  },
};

export const requestTypesStep: ImportStep = {
  name: 'request_type',
  source: 'request_type',
  targets: ['request_type'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'request_type', { request_form_id: 'form_definition', sample_form_id: 'form_definition' }, kit);
    const out: TargetRow[] = kept.map((row) => ({
      id: row.id,
      ...times(row),
      name: textOf(row.name) ?? '',
      desc: textOf(row.desc) ?? '',
      request_form_id: row.request_form_id,
      sample_form_id: row.sample_form_id,
      run_details_form_id: null,
      deleted: bool(row.deleted),
    }));
    return { tables: [{ table: 'request_type', rows: out }], skipped };
  },
};

export const requestTypeServicesStep: ImportStep = {
  name: 'request_type_external_service_association',
  source: 'request_type_external_service_association',
  targets: ['request_type_external_service_association'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'request_type_external_service_association', { request_type_id: 'request_type', external_service_id: 'external_service' }, kit);
    const repeats = await earlierRepeats(kit, 'request_type_external_service_association', kept, (row) => `${row}.request_type_id, ${row}.external_service_id`);
    const out: TargetRow[] = [];
    for (const row of kept) {
      const first = repeats.get(row.id);
      if (first !== undefined) skipped.push({ sourceTable: 'request_type_external_service_association', sourceId: row.id, reason: `the same association as ${first}` });
      else out.push({ id: row.id, request_type_id: row.request_type_id, external_service_id: row.external_service_id });
    }
    return { tables: [{ table: 'request_type_external_service_association', rows: out }], skipped };
  },
};

/** Roles a request type is restricted to: item_permission rows (new ids), action 'access request_type'. */
export const requestTypePermissionsStep: ImportStep = {
  name: 'request_type_permissions',
  source: 'request_type_permissions',
  targets: ['item_permission'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'request_type_permissions', { request_type_id: 'request_type', role_id: 'role' }, kit);
    const out: TargetRow[] = [];
    const repeats = await earlierRepeats(kit, 'request_type_permissions', kept, (row) => `${row}.request_type_id, ${row}.role_id`, (row) => `${row}.action in ('access request_type', 'REQUEST_TYPE_ACCESS')`);
    for (const row of kept) {
      if (row.action !== 'access request_type' && row.action !== 'REQUEST_TYPE_ACCESS') {
        skipped.push({ sourceTable: 'request_type_permissions', sourceId: row.id, reason: `action ${String(row.action)} is not one this service knows for request types` });
        continue;
      }
      const first = repeats.get(row.id);
      if (first !== undefined) {
        skipped.push({ sourceTable: 'request_type_permissions', sourceId: row.id, reason: `a repeated grant (of request_type_permissions ${first})` });
        continue;
      }
      out.push({ id: kit.newId('item_permission'), item_type: 'request_type', item_id: row.request_type_id, action: 'access request_type', role_id: row.role_id });
    }
    return { tables: [{ table: 'item_permission', rows: out }], skipped };
  },
};

export const sampleStatesStep: ImportStep = {
  name: 'sample_state',
  source: 'sample_state',
  targets: ['sample_state'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'sample_state', { request_type_id: 'request_type' }, kit);
    return { tables: [{ table: 'sample_state', rows: kept.map((row) => ({ id: row.id, ...times(row), name: textOf(row.name) ?? '', desc: textOf(row.desc) ?? '', request_type_id: row.request_type_id })) }], skipped };
  },
};

export const requestsStep: ImportStep = {
  name: 'request',
  source: 'request',
  targets: ['request'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'request', { request_type_id: 'request_type', user_id: 'galaxy_user' }, kit);
    const notices: Skip[] = [];
    const values = await formValuesOf(kit, 'request', kept, notices);
    for (const row of kept) if (jsonOf(row.notification) !== null) notices.push({ sourceTable: 'request', sourceId: row.id, reason: 'email notification settings are not kept' });
    const out: TargetRow[] = kept.map((row) => ({ id: row.id, ...times(row), name: textOf(row.name) ?? '', desc: textOf(row.desc) ?? '', values: values.get(row.id) ?? {}, request_type_id: row.request_type_id, user_id: row.user_id, deleted: bool(row.deleted) }));
    return { tables: [{ table: 'request', rows: out }], skipped, notices };
  },
};

export const requestEventsStep: ImportStep = {
  name: 'request_event',
  source: 'request_event',
  targets: ['request_event'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'request_event', { request_id: 'request' }, kit);
    return { tables: [{ table: 'request_event', rows: kept.map((row) => ({ id: row.id, ...times(row), request_id: row.request_id, state: textOf(row.state) ?? 'New', comment: textOf(row.comment) ?? '' })) }], skipped };
  },
};

export const samplesStep: ImportStep = {
  name: 'sample',
  source: 'sample',
  targets: ['sample'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'sample', { request_id: 'request' }, kit);
    const notices: Skip[] = [];
    const values = await formValuesOf(kit, 'sample', kept, notices);
    const libraries = await kit.existing('library', idsOf(kept, 'library_id'));
    const folders = await kit.existing('library_folder', idsOf(kept, 'folder_id'));
    const out: TargetRow[] = kept.map((row) => {
      const library = typeof row.library_id === 'number' && libraries.has(row.library_id) ? row.library_id : null;
      const folder = typeof row.folder_id === 'number' && folders.has(row.folder_id) ? row.folder_id : null;
      if (library === null && typeof row.library_id === 'number') notices.push({ sourceTable: 'sample', sourceId: row.id, reason: `library_id ${row.library_id} was not carried over: the sample has no target library` });
      if (folder === null && typeof row.folder_id === 'number') notices.push({ sourceTable: 'sample', sourceId: row.id, reason: `folder_id ${row.folder_id} was not carried over: the sample has no target folder` });
      if (jsonOf(row.workflow) !== null || typeof row.history_id === 'number') notices.push({ sourceTable: 'sample', sourceId: row.id, reason: 'the workflow and history to run on the sample are not kept' });
      return { id: row.id, ...times(row), name: textOf(row.name) ?? '', desc: textOf(row.desc) ?? '', values: values.get(row.id) ?? {}, request_id: row.request_id, bar_code: textOf(row.bar_code), library_id: library, folder_id: folder, run_details_form_id: null, run_details: {}, deleted: bool(row.deleted) };
    });
    return { tables: [{ table: 'sample', rows: out }], skipped, notices };
  },
};

export const sampleEventsStep: ImportStep = {
  name: 'sample_event',
  source: 'sample_event',
  targets: ['sample_event'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'sample_event', { sample_id: 'sample', sample_state_id: 'sample_state' }, kit);
    return { tables: [{ table: 'sample_event', rows: kept.map((row) => ({ id: row.id, ...times(row), sample_id: row.sample_id, sample_state_id: row.sample_state_id, comment: textOf(row.comment) ?? '' })) }], skipped };
  },
};

const TRANSFER_STATUSES = new Set(['Not started', 'In queue', 'Transferring dataset', 'Adding to data library', 'Complete', 'Error']);

export const sampleDatasetsStep: ImportStep = {
  name: 'sample_dataset',
  source: 'sample_dataset',
  targets: ['sample_dataset'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'sample_dataset', { sample_id: 'sample', external_service_id: 'external_service' }, kit, ['external_service_id']);
    const notices: Skip[] = [];
    const out: TargetRow[] = kept.map((row) => {
      let status = textOf(row.status) ?? 'Not started';
      if (!TRANSFER_STATUSES.has(status)) {
        notices.push({ sourceTable: 'sample_dataset', sourceId: row.id, reason: `status ${status} is not a transfer status: carried as Error` });
        status = 'Error';
      }
      return { id: row.id, ...times(row), sample_id: row.sample_id, name: textOf(row.name) ?? '', file_path: textOf(row.file_path) ?? '', status, error_msg: textOf(row.error_msg) ?? '', size: textOf(row.size) ?? '', external_service_id: row.external_service_id ?? null };
    });
    return { tables: [{ table: 'sample_dataset', rows: out }], skipped, notices };
  },
};

/** Forms not named by any carried row stay unreferenced; form_values rows live on their owners. */
export const SAMPLE_TRACKING_STEPS: ImportStep[] = [
  formDefinitionCurrentStep,
  formDefinitionsStep,
  externalServicesStep,
  requestTypesStep,
  requestTypeServicesStep,
  requestTypePermissionsStep,
  sampleStatesStep,
  requestsStep,
  requestEventsStep,
  samplesStep,
  sampleEventsStep,
  sampleDatasetsStep,
];
