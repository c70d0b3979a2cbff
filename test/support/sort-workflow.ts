type Dict = Record<string, unknown>;

/**
 * A `.ga` workflow as 15.05's editor writes one: an input dataset -> Sort (`sort1`, column 1,
 * descending, numerical) -> Select first (`Show beginning1`, its number of lines set at runtime
 * when `runtimeLines`). Sort is labelled when `sortLabel` is given.
 */
export function sortWorkflow(name: string, options: { runtimeLines?: boolean; sortLabel?: string; order?: string } = {}): Dict {
  const encode = (state: Dict) => {
    const encoded: Dict = { __page__: 0, __rerun_remap_job_id__: null };
    for (const [key, value] of Object.entries(state)) encoded[key] = JSON.stringify(value);
    return JSON.stringify(encoded);
  };
  const toolStep = (id: number, toolId: string, toolName: string, state: Dict, connection: Dict, extra: Dict = {}): Dict => ({
    id,
    type: 'tool',
    name: toolName,
    annotation: '',
    inputs: [],
    input_connections: { input: connection },
    outputs: [{ name: 'out_file1', type: 'input' }],
    position: { left: 200 + 220 * id, top: 100 },
    post_job_actions: {},
    tool_errors: null,
    tool_id: toolId,
    tool_version: '1.0.1',
    tool_state: encode(state),
    user_outputs: [],
    ...extra,
  });
  return {
    a_galaxy_workflow: 'true',
    'format-version': '0.1',
    name,
    annotation: 'sorts a table and keeps its first lines',
    steps: {
      '0': {
        id: 0,
        type: 'data_input',
        name: 'Input dataset',
        annotation: 'a tab-separated table',
        inputs: [{ name: 'table', description: '' }],
        input_connections: {},
        outputs: [],
        position: { left: 10, top: 100 },
        tool_errors: null,
        tool_id: null,
        tool_version: null,
        tool_state: JSON.stringify({ name: 'table' }),
        user_outputs: [],
      },
      '1': toolStep(1, 'sort1', 'Sort', { input: null, column: '1', order: options.order ?? 'DESC', style: 'num' }, { id: 0, output_name: 'output' }, options.sortLabel ? { label: options.sortLabel } : {}),
      '2': toolStep(2, 'Show beginning1', 'Select first', { input: null, lineNum: options.runtimeLines ? { __class__: 'RuntimeValue' } : '2' }, { id: 1, output_name: 'out_file1' }),
    },
  };
}
