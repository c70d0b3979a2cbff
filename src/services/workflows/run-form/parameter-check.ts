import { coerceBoolean, coerceDataColumn, coerceHidden, coerceNumber, coerceSelect, coerceText, ToolParameterError } from '../../../tools';
import type { SelectOptionsSource, ToolInput } from '../../../tools';

/** A value of a tool step that does not fit its parameter: the flat name, the label the form shows, why. */
export interface ParameterProblem {
  field: string;
  label: string;
  message: string;
}

/** The detail of a parameter error, without the "Parameter 'x': " its message starts with. */
function detailOf(error: ToolParameterError): string {
  const prefix = `Parameter '${error.param}': `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

function repeatCount(values: Record<string, unknown>, name: string, min: number): number {
  let count = min;
  const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}_(\\d+)\\|`);
  for (const key of Object.keys(values)) {
    const match = pattern.exec(key);
    if (match) count = Math.max(count, Number(match[1]) + 1);
  }
  return count;
}

/**
 * Every value of a tool step checked against the tool's parameters as a run would check them (select
 * options, numbers and bounds, validators, conditional branches), all problems at once rather than
 * the first. Data inputs must be connected to an earlier step (`connected`, flat names with repeat
 * indexes as given); the values are the step's stored ones with the run's replacements.
 */
export function checkStepParameters(inputs: readonly ToolInput[], values: Record<string, unknown>, connected: ReadonlySet<string>, selectOptions: SelectOptionsSource): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  const attempt = (name: string, label: string, check: () => void) => {
    try {
      check();
    } catch (error) {
      if (!(error instanceof ToolParameterError)) throw error;
      problems.push({ field: name, label, message: detailOf(error) });
    }
  };
  const visit = (level: readonly ToolInput[], prefix: string) => {
    for (const input of level) {
      const name = `${prefix}${input.name}`;
      if (input.type === 'repeat') {
        const count = repeatCount(values, name, input.min);
        for (let index = 0; index < count; index += 1) visit(input.inputs, `${name}_${index}|`);
      } else if (input.type === 'section') {
        visit(input.inputs, `${name}|`);
      } else if (input.type === 'conditional') {
        const testName = `${name}|${input.test.name}`;
        const label = input.test.label || input.test.name;
        let chosen: string | null = null;
        attempt(testName, label, () => {
          const raw = values[testName];
          if (input.test.type === 'select') chosen = coerceSelect(testName, input.test, raw, selectOptions).values[0] ?? '';
          else {
            const test = input.test;
            const state = coerceBoolean(testName, test, raw);
            chosen = state.value ? (input.cases.some((branch) => branch.value === 'true') ? 'true' : test.truevalue) : input.cases.some((branch) => branch.value === 'false') ? 'false' : test.falsevalue;
          }
        });
        if (chosen === null) continue;
        const branch = input.cases.find((candidate) => candidate.value === chosen);
        if (!branch) problems.push({ field: testName, label, message: `no branch of conditional '${input.name}' matches the value '${String(chosen)}'.` });
        else visit(branch.inputs, `${name}|`);
      } else {
        const label = input.label || input.name;
        const raw = values[name];
        switch (input.type) {
          case 'data':
          case 'data_collection':
            if (!input.optional && !connected.has(name)) problems.push({ field: name, label, message: 'is not connected to an output of an earlier step.' });
            break;
          case 'text':
            attempt(name, label, () => coerceText(name, input, raw));
            break;
          case 'hidden':
            attempt(name, label, () => coerceHidden(name, input, raw));
            break;
          case 'integer':
            attempt(name, label, () => coerceNumber(name, input, raw));
            break;
          case 'float':
            attempt(name, label, () => coerceNumber(name, input, raw));
            break;
          case 'boolean':
            attempt(name, label, () => coerceBoolean(name, input, raw));
            break;
          case 'select':
            attempt(name, label, () => coerceSelect(name, input, raw, selectOptions));
            break;
          case 'data_column':
            attempt(name, label, () => coerceDataColumn(name, input, raw));
            break;
          case 'file':
            break;
        }
      }
    }
  };
  visit(inputs, '');
  return problems;
}
