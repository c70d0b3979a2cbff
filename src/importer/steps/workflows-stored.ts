import { bool, int, jsonOf, stamp, textOf, uuidOf } from '../convert';
import type { ImportStep, Skip, TargetRow } from '../import-step';
import type { SourceRow } from '../source-database';
import { decodeToolState, ToolStateError } from '../../services/workflows';
import { withReferences } from './step-kit';
import { annotationsOf, derivedUuid, idsOf, shareableItemStep, shareStep, tagStep } from './workflows-shared';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stored workflows; their latest version is set when that version is carried (the workflow step). */
export const storedWorkflowsStep = shareableItemStep({
  table: 'stored_workflow',
  annotationTable: 'stored_workflow_annotation_association',
  annotationColumn: 'stored_workflow_id',
  slugFallback: 'workflow',
  slugRequired: false,
  own: (row) => ({ name: textOf(row.name) ?? 'Unnamed workflow' }),
});

/** Every version of every workflow; a stored workflow whose latest version is among them points at it. */
export const workflowsStep: ImportStep = {
  name: 'workflow',
  source: 'workflow',
  targets: ['workflow'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'workflow', { stored_workflow_id: 'stored_workflow' }, kit);
    const notices: Skip[] = [];
    const out: TargetRow[] = kept.map((row) => {
      let uuid = uuidOf(row.uuid);
      if (uuid === null) {
        uuid = derivedUuid('workflow', row.id);
        notices.push({ sourceTable: 'workflow', sourceId: row.id, reason: `no uuid (or a malformed one): carried as ${uuid}` });
      }
      return {
        id: row.id,
        create_time: stamp(row.create_time, row.update_time),
        update_time: stamp(row.update_time, row.create_time),
        stored_workflow_id: row.stored_workflow_id,
        name: textOf(row.name) ?? 'Unnamed workflow',
        uuid,
        has_cycles: bool(row.has_cycles),
        has_errors: bool(row.has_errors),
      };
    });
    const ids = idsOf(kept);
    const latest = ids.length === 0 ? [] : await kit.source.query<{ id: number; latest_workflow_id: number }>('select id, latest_workflow_id from stored_workflow where latest_workflow_id = any($1)', [ids]);
    const carriedStored = await kit.existing('stored_workflow', latest.map((row) => Number(row.id)));
    const pointers = latest.filter((row) => carriedStored.has(Number(row.id))).map((row) => ({ id: Number(row.id), latest_workflow_id: Number(row.latest_workflow_id) }));
    return { tables: [{ table: 'workflow', rows: out }, { table: 'stored_workflow', rows: pointers, update: true }], skipped, notices };
  },
};

const STEP_TYPES = new Set(['data_input', 'data_collection_input', 'tool']);

/**
 * Steps with what this service keeps on the step itself: connections (from
 * workflow_step_connection, by the output step's order index), workflow outputs, post-job actions
 * and the annotation. A step without an order index takes its rank by id within its workflow.
 */
export const workflowStepsStep: ImportStep = {
  name: 'workflow_step',
  source: 'workflow_step',
  targets: ['workflow_step'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'workflow_step', { workflow_id: 'workflow' }, kit);
    const notices: Skip[] = [];
    const ids = idsOf(kept);
    const workflowIds = idsOf(kept, 'workflow_id');
    // Order indexes of every step of these workflows (connections name steps outside the batch too).
    const siblings = workflowIds.length === 0 ? [] : await kit.source.query<{ id: number; workflow_id: number; order_index: number | null }>('select id, workflow_id, order_index from workflow_step where workflow_id = any($1) order by workflow_id, id', [workflowIds]);
    const orderOf = new Map<number, number>();
    const taken = new Map<number, Set<number>>();
    for (const step of siblings) if (step.order_index !== null) taken.set(step.workflow_id, (taken.get(step.workflow_id) ?? new Set()).add(step.order_index));
    for (const step of siblings) {
      if (step.order_index !== null) orderOf.set(Number(step.id), step.order_index);
      else {
        const used = taken.get(step.workflow_id) ?? new Set<number>();
        let index = 0;
        while (used.has(index)) index += 1;
        used.add(index);
        taken.set(step.workflow_id, used);
        orderOf.set(Number(step.id), index);
      }
    }
    const q = async <T extends Record<string, unknown>>(table: string, sql: string): Promise<T[]> => (ids.length === 0 || !(await kit.source.hasTable(table)) ? [] : kit.source.query<T>(sql, [ids]));
    const connections = await q<{ id: number; input_step_id: number; output_step_id: number | null; input_name: string | null; output_name: string | null }>('workflow_step_connection', 'select id, input_step_id, output_step_id, input_name, output_name from workflow_step_connection where input_step_id = any($1) order by id');
    const outputs = await q<{ workflow_step_id: number; output_name: string | null }>('workflow_output', 'select workflow_step_id, output_name from workflow_output where workflow_step_id = any($1) order by id');
    const actions = await q<{ id: number; workflow_step_id: number; action_type: string; output_name: string | null; action_arguments: unknown }>('post_job_action', 'select id, workflow_step_id, action_type, output_name, action_arguments from post_job_action where workflow_step_id = any($1) order by id');
    const annotations = await annotationsOf(kit, 'workflow_step_annotation_association', 'workflow_step_id', kept);

    const out: TargetRow[] = [];
    for (const row of kept) {
      const type = typeof row.type === 'string' ? row.type : 'tool';
      if (!STEP_TYPES.has(type)) {
        skipped.push({ sourceTable: 'workflow_step', sourceId: row.id, reason: `step type ${type} is not one this service runs (data_input, data_collection_input, tool)` });
        continue;
      }
      let toolInputs: Record<string, unknown> = {};
      const rawInputs = jsonOf(row.tool_inputs);
      try {
        toolInputs = decodeToolState(rawInputs);
      } catch (error) {
        if (!(error instanceof ToolStateError)) throw error;
        notices.push({ sourceTable: 'workflow_step', sourceId: row.id, reason: `tool_inputs is not a JSON object: carried empty` });
      }
      if (rawInputs === null && row.tool_inputs !== null && row.tool_inputs !== undefined) notices.push({ sourceTable: 'workflow_step', sourceId: row.id, reason: 'tool_inputs is not JSON: carried empty' });
      if (type !== 'tool' && typeof toolInputs.name !== 'string') toolInputs.name = type === 'data_input' ? 'Input Dataset' : 'Input Dataset Collection';
      if (type === 'data_collection_input' && typeof toolInputs.collection_type !== 'string') toolInputs.collection_type = 'list';
      const errors = textOf(row.tool_errors);
      if (errors && errors.trim() !== '' && errors.trim() !== 'null') notices.push({ sourceTable: 'workflow_step', sourceId: row.id, reason: `tool_errors not kept: ${errors.slice(0, 200)}` });
      const inputConnections: Record<string, Array<{ stepIndex: number; outputName: string }>> = {};
      for (const connection of connections.filter((c) => c.input_step_id === row.id)) {
        const source = connection.output_step_id === null ? undefined : orderOf.get(Number(connection.output_step_id));
        if (source === undefined) {
          notices.push({ sourceTable: 'workflow_step_connection', sourceId: Number(connection.id), reason: `output_step_id ${String(connection.output_step_id)} is no step of workflow ${String(row.workflow_id)}: connection dropped` });
          continue;
        }
        const input = connection.input_name ?? 'input';
        (inputConnections[input] ??= []).push({ stepIndex: source, outputName: connection.output_name ?? 'output' });
      }
      let uuid = uuidOf(row.uuid);
      if (uuid === null) uuid = derivedUuid('workflow_step', row.id);
      let toolVersion = type === 'tool' ? textOf(row.tool_version) : null;
      if (toolVersion !== null && toolVersion.length > 64) {
        notices.push({ sourceTable: 'workflow_step', sourceId: row.id, reason: 'tool_version longer than 64 characters: shortened' });
        toolVersion = toolVersion.slice(0, 64);
      }
      const position = jsonOf(row.position);
      const label = textOf(row.label);
      out.push({
        id: row.id,
        create_time: stamp(row.create_time, row.update_time),
        update_time: stamp(row.update_time, row.create_time),
        workflow_id: row.workflow_id,
        order_index: orderOf.get(row.id) ?? int(row.order_index) ?? 0,
        type,
        tool_id: type === 'tool' ? textOf(row.tool_id) : null,
        tool_version: toolVersion,
        tool_inputs: toolInputs,
        label: label === null || label === '' ? null : label,
        uuid,
        annotation: annotations.get(row.id) ?? null,
        position: isRecord(position) ? position : null,
        input_connections: inputConnections,
        post_job_actions: actions
          .filter((action) => action.workflow_step_id === row.id)
          .map((action) => {
            const args = jsonOf(action.action_arguments);
            return { actionType: action.action_type, outputName: action.output_name ?? '', arguments: isRecord(args) ? args : {} };
          }),
        workflow_outputs: outputs.filter((output) => output.workflow_step_id === row.id).map((output) => ({ outputName: output.output_name ?? 'output', label: null, uuid: null })),
      });
    }
    return { tables: [{ table: 'workflow_step', rows: out }], skipped, notices };
  },
};

/** Menu entries: this service keeps no workflow menu; each is reported. */
export const workflowMenuEntriesStep: ImportStep = {
  name: 'stored_workflow_menu_entry',
  source: 'stored_workflow_menu_entry',
  targets: [],
  async transform(rows: SourceRow[]) {
    return { tables: [], skipped: rows.map((row) => ({ sourceTable: 'stored_workflow_menu_entry', sourceId: row.id, reason: 'this service keeps no workflow menu (the entry is not carried)' })) };
  },
};

export const WORKFLOW_STEPS: ImportStep[] = [
  storedWorkflowsStep,
  workflowsStep,
  workflowStepsStep,
  tagStep('stored_workflow_tag_association', 'stored_workflow_id', 'stored_workflow', 'stored_workflow'),
  shareStep('stored_workflow_user_share_connection', 'stored_workflow_id', 'stored_workflow', 'stored_workflow_user_share_association'),
  workflowMenuEntriesStep,
];
