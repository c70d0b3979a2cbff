import { pythonJson } from '../../format/python-json';
import type { ToolDefinition } from '../../tools';
import type { StepView } from './workflow-view';

/** The state fields an input step keeps (the platform drops any other key of its `tool_state`). */
const INPUT_STATE_FIELDS: Record<string, readonly string[]> = {
  data_input: ['name'],
  data_collection_input: ['name', 'collection_type'],
};

/**
 * A step's `tool_inputs` as the platform stores them and its instance view shows them:
 * - a tool step: one entry per top-level parameter, its value JSON text (a connected data input is
 *   `"null"`, a runtime value `{"__class__": "RuntimeValue"}`, a conditional or repeat the JSON text of
 *   its whole tree), without the `__page__` bookkeeping; null when the tool is not installed (the
 *   platform keeps no state for a tool it does not have);
 * - an input step: its plain state, `name` (and `collection_type` for a collection input).
 */
export function storedToolInputs(step: StepView, tool: ToolDefinition | undefined): Record<string, unknown> | null {
  const fields = INPUT_STATE_FIELDS[step.type];
  if (fields) {
    const state: Record<string, unknown> = {};
    for (const field of fields) if (step.toolInputs[field] !== undefined) state[field] = step.toolInputs[field];
    return state;
  }
  if (!tool) return null;
  const encoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(step.toolInputs)) encoded[name] = pythonJson(value);
  return encoded;
}
