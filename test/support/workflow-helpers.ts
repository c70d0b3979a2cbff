import type { TestPlatform } from './test-platform';
import { pollPause } from './poll-pause';
import { patient } from './patience';

type Dict = Record<string, unknown>;

/** A data input step of a `.ga` workflow, in the platform's 15.05 form. */
function inputStep(id: number, name: string, description = '', type: 'data_input' | 'data_collection_input' = 'data_input', collectionType = 'list'): Dict {
  const state = type === 'data_input' ? { name } : { collection_type: collectionType, name };
  return {
    id,
    type,
    name: type === 'data_input' ? 'Input dataset' : 'Input dataset collection',
    annotation: description,
    inputs: [{ name, description }],
    input_connections: {},
    outputs: [],
    position: { left: 50, top: 80 + 120 * id },
    tool_errors: null,
    tool_id: null,
    tool_version: null,
    tool_state: JSON.stringify(state),
    user_outputs: [],
  };
}

/** A tool step whose state is written the platform's way: every value is JSON text itself. */
function toolStep(id: number, toolId: string, name: string, state: Dict, connections: Dict, outputs: Dict[], extra: Dict = {}): Dict {
  const encoded: Dict = { __page__: 0, __rerun_remap_job_id__: null };
  for (const [key, value] of Object.entries(state)) encoded[key] = JSON.stringify(value);
  return {
    id,
    type: 'tool',
    name,
    annotation: '',
    inputs: [],
    input_connections: connections,
    outputs,
    position: { left: 300 + 250 * (id - 2), top: 100 },
    post_job_actions: {},
    tool_errors: null,
    tool_id: toolId,
    tool_version: '1.0.0',
    tool_state: JSON.stringify(encoded),
    user_outputs: [],
    ...extra,
  };
}

/**
 * Two inputs -> `cat1` -> `Show beginning1` (first `lines` lines), as the platform's editor writes
 * such a workflow. `renameTo` adds a rename action on the last step.
 */
export function catHeadWorkflow(name: string, options: { lines?: number; renameTo?: string } = {}): Dict {
  const headExtra: Dict = options.renameTo
    ? { post_job_actions: { RenameDatasetActionout_file1: { action_type: 'RenameDatasetAction', output_name: 'out_file1', action_arguments: { newname: options.renameTo } } } }
    : {};
  return {
    a_galaxy_workflow: 'true',
    'format-version': '0.1',
    name,
    annotation: 'joins two datasets and keeps the first lines',
    steps: {
      '0': inputStep(0, 'first', 'the first dataset'),
      '1': inputStep(1, 'second'),
      '2': toolStep(2, 'cat1', 'Concatenate datasets', { input1: null, queries: [{ input2: null, __index__: 0 }] }, {
        input1: { id: 0, output_name: 'output' },
        'queries_0|input2': { id: 1, output_name: 'output' },
      }, [{ name: 'out_file1', type: 'input' }]),
      '3': toolStep(3, 'Show beginning1', 'Select first', { input: null, lineNum: String(options.lines ?? 3) }, { input: { id: 2, output_name: 'out_file1' } }, [{ name: 'out_file1', type: 'input' }], headExtra),
    },
  };
}

/** Three steps: one input -> `cat1` -> `Show beginning1` (first `lines` lines). */
export function copyHeadWorkflow(name: string, lines = 2): Dict {
  return {
    a_galaxy_workflow: 'true',
    'format-version': '0.1',
    name,
    annotation: 'copies a dataset and keeps the first lines',
    steps: {
      '0': inputStep(0, 'data'),
      '1': toolStep(1, 'cat1', 'Concatenate datasets', { input1: null, queries: [] }, { input1: { id: 0, output_name: 'output' } }, [{ name: 'out_file1', type: 'input' }]),
      '2': toolStep(2, 'Show beginning1', 'Select first', { input: null, lineNum: String(lines) }, { input: { id: 1, output_name: 'out_file1' } }, [{ name: 'out_file1', type: 'input' }]),
    },
  };
}

/** One collection input -> `Show beginning1` mapped over it. */
export function headOverListWorkflow(name: string, lines = 1): Dict {
  return {
    a_galaxy_workflow: 'true',
    'format-version': '0.1',
    name,
    annotation: '',
    steps: {
      '0': inputStep(0, 'samples', '', 'data_collection_input', 'list'),
      '1': toolStep(1, 'Show beginning1', 'Select first', { input: null, lineNum: String(lines) }, { input: { id: 0, output_name: 'output' } }, [{ name: 'out_file1', type: 'input' }]),
    },
  };
}

/** A one-tool workflow: input -> toolId (its data parameter named `input`). */
export function singleToolWorkflow(name: string, toolId: string): Dict {
  const workflow = headOverListWorkflow(name);
  const steps = workflow.steps as Record<string, Dict>;
  steps['0'] = { ...steps['0'], type: 'data_input', tool_state: JSON.stringify({ name: 'input' }), inputs: [{ name: 'input', description: '' }] };
  steps['1'] = { ...steps['1'], tool_id: toolId, tool_state: JSON.stringify({ input: 'null' }) };
  return workflow;
}

/** Imports a workflow through the API as `key`; returns the index item. */
export async function importWorkflow(h: TestPlatform, key: string, workflow: Dict, extra: Dict = {}): Promise<Dict & { id: string }> {
  const res = await h.api.post('/api/workflows').type('form').send({ key, workflow: JSON.stringify(workflow), ...extra });
  if (res.status !== 200) throw new Error(`workflow import: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The workflow's input steps by label, as `GET /api/workflows/{id}` answers them (raw step id -> label). */
export async function inputStepIds(h: TestPlatform, key: string, workflowId: string): Promise<Record<string, string>> {
  const res = await h.api.get(`/api/workflows/${workflowId}`).query({ key });
  if (res.status !== 200) throw new Error(`workflow show: ${res.status} ${JSON.stringify(res.body)}`);
  const byLabel: Record<string, string> = {};
  for (const [stepId, input] of Object.entries(res.body.inputs as Record<string, { label: string }>)) byLabel[input.label] = stepId;
  return byLabel;
}

/** Polls until every dataset of a history is in a final state; returns the contents. */
export async function waitForHistory(h: TestPlatform, key: string, historyId: string, timeoutMs = 30000): Promise<Array<Dict & { id: string; hid: number; state: string; name: string }>> {
  const deadline = Date.now() + patient(timeoutMs);
  for (let attempt = 0; ; attempt += 1) {
    const res = await h.api.get(`/api/histories/${historyId}/contents`).query({ key, types: 'dataset' });
    if (res.status !== 200) throw new Error(`contents: ${res.status} ${JSON.stringify(res.body)}`);
    const items = res.body as Array<Dict & { id: string; hid: number; state: string; name: string }>;
    if (items.every((item) => ['ok', 'error', 'paused', 'discarded', 'empty', 'failed_metadata'].includes(item.state))) return items;
    if (Date.now() > deadline) throw new Error(`history ${historyId} not done: ${JSON.stringify(items.map((item) => [item.hid, item.state]))}`);
    await pollPause(attempt);
  }
}
