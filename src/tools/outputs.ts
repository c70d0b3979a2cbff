/** Output formats: `format_source` and the legacy `format="input"` follow an input dataset's extension. */
import type { ToolDefinition, ToolOutput } from './model/tool-definition';
import type { InputState, ParamState, ResolvedDataset } from './params/state';

/** Datasets of data parameters in document order, groups included, as `[name, datasets]` pairs. */
function* dataInputs(state: ParamState): Generator<[string, ResolvedDataset[]]> {
  for (const [name, value] of Object.entries(state) as Array<[string, InputState]>) {
    if (value.type === 'data') yield [name, value.datasets];
    else if (value.type === 'repeat') for (const instance of value.instances) yield* dataInputs(instance);
    else if (value.type === 'conditional' || value.type === 'section') yield* dataInputs(value.values);
  }
}

/** The extension an output gets for a run, when its declaration fixes it without running the tool. */
export function resolveOutputFormat(output: ToolOutput, state: ParamState): string {
  if (output.formatSource) {
    for (const [name, datasets] of dataInputs(state)) {
      if (name === output.formatSource && datasets[0]) return datasets[0].dataset.ext;
    }
  }
  if (output.format === 'input') {
    for (const [, datasets] of dataInputs(state)) if (datasets[0]) return datasets[0].dataset.ext;
    return 'data';
  }
  return output.format;
}

export function resolveOutputFormats(tool: Pick<ToolDefinition, 'outputs'>, state: ParamState): Record<string, string> {
  return Object.fromEntries(tool.outputs.map((output) => [output.name, resolveOutputFormat(output, state)]));
}
