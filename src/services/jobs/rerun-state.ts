/**
 * What the tool form needs to be filled in from a job ("Run this job again"): each field's value by
 * its flat name (`cond|test`, `queries_1|term`) in the form's own terms (text, chosen option values,
 * a checkbox, encoded dataset or collection ids) and each repeat's number of instances. Only inputs
 * the installed tool still has are given; a value the form cannot hold (a file) is left out.
 */
import type { JobParams } from '../../entities/job.entity';
import type { ToolDefinition, ToolInput, ToolParam } from '../../tools';

export type FormValue = string | string[] | boolean;

export interface RerunFormState {
  values: Record<string, FormValue>;
  repeats: Record<string, number>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]);

const idsOf = (value: unknown): string[] => asList(value).flatMap((item) => (isRecord(item) && typeof item.id === 'string' ? [item.id] : []));

function formValue(param: ToolParam, value: unknown): FormValue | undefined {
  switch (param.type) {
    case 'data': {
      const ids = idsOf(value);
      return param.multiple ? ids : (ids[0] ?? '');
    }
    case 'data_collection':
      return idsOf(value)[0] ?? '';
    case 'select': {
      const chosen = asList(value).map(String);
      return param.multiple ? chosen : (chosen[0] ?? '');
    }
    case 'data_column': {
      const columns = asList(value).map(String);
      return param.multiple ? columns : (columns[0] ?? '');
    }
    case 'boolean':
      return value === true || value === 'true' || value === 'True' || value === param.truevalue;
    case 'integer':
    case 'float':
      return value === null || value === undefined ? '' : String(value);
    case 'text':
    case 'hidden':
      return value === null || value === undefined ? '' : String(value);
    case 'file':
      return undefined;
  }
}

const hasGroup = (params: JobParams, prefix: string) => Object.keys(params).some((name) => name.startsWith(prefix));

function fill(state: RerunFormState, inputs: readonly ToolInput[], prefix: string, params: JobParams): void {
  for (const input of inputs) {
    const name = `${prefix}${input.name}`;
    switch (input.type) {
      case 'repeat': {
        let count = 0;
        while (hasGroup(params, `${name}_${count}|`)) {
          fill(state, input.inputs, `${name}_${count}|`, params);
          count += 1;
        }
        state.repeats[name] = count;
        break;
      }
      case 'conditional': {
        const testName = `${name}|${input.test.name}`;
        if (!(testName in params)) break;
        const test = formValue(input.test, params[testName]);
        if (test !== undefined) state.values[testName] = test;
        for (const branch of input.cases) fill(state, branch.inputs, `${name}|`, params);
        break;
      }
      case 'section':
        fill(state, input.inputs, `${name}|`, params);
        break;
      default: {
        if (!(name in params)) break;
        const value = formValue(input, params[name]);
        if (value !== undefined) state.values[name] = value;
      }
    }
  }
}

/** The form's state for a job's stored parameters under the installed tool. */
export function rerunFormState(tool: ToolDefinition, params: JobParams): RerunFormState {
  const state: RerunFormState = { values: {}, repeats: {} };
  fill(state, tool.inputs, '', params);
  return state;
}

/**
 * Whether a job's outputs may be replaced in their collections by a new run ("Replace the failed element
 * in its collection", 15.05's rerun_remap_job_id): the caller's own job, failed, whose outputs are
 * elements of a collection. The rerun form offers it and the run applies it by this one rule.
 */
export function mayReplaceMappedElements(callerId: number | null, job: { userId: number | null; state: string }, mappedCount: number): boolean {
  return callerId !== null && job.userId === callerId && job.state === 'error' && mappedCount > 0;
}
