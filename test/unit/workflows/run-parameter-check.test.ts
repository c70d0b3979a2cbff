import { parseToolXml } from '../../../src/tools';
import { checkStepParameters } from '../../../src/services/workflows/run-form/parameter-check';
import { runtimeParameterNames } from '../../../src/services/workflows/run-form/runtime-values';
import { stepNumbers } from '../../../src/services/workflows/run-form/step-numbers';
import type { StepView } from '../../../src/services/workflows';

/** The run form's checks of a tool step's values: every problem by flat name, through conditionals, repeats and sections. */
const TOOL = parseToolXml(`<tool id="nested" name="Nested" version="1.0">
  <command>true</command>
  <inputs>
    <param name="reads" type="data" format="txt" label="Reads"/>
    <param name="lines" type="integer" value="10" min="1" max="100" label="Lines"/>
    <conditional name="mode">
      <param name="kind" type="select" label="Mode">
        <option value="fast" selected="true">Fast</option>
        <option value="slow">Slow</option>
      </param>
      <when value="fast"/>
      <when value="slow"><param name="passes" type="integer" value="3" min="1" label="Passes"/></when>
    </conditional>
    <repeat name="queries" title="Query" min="0"><param name="ratio" type="float" value="0.5" max="1" label="Ratio"/></repeat>
    <section name="advanced" title="Advanced"><param name="seed" type="integer" value="42" label="Seed"/></section>
  </inputs>
  <outputs><data name="out" format="txt"/></outputs>
</tool>`);

const check = (values: Record<string, unknown>, connected: string[] = ['reads']) => checkStepParameters(TOOL.inputs, values, new Set(connected), () => null);

describe('checkStepParameters', () => {
  it('answers nothing for the defaults of a connected step', () => {
    expect(check({})).toEqual([]);
  });

  it('names every refused value by its flat name and label, in the chosen case, each repeat instance and the section', () => {
    expect(check({ lines: '0', 'mode|kind': 'slow', 'mode|passes': 'x', 'queries_0|ratio': '0.2', 'queries_1|ratio': '2', 'advanced|seed': '1.5' })).toEqual([
      { field: 'lines', label: 'Lines', message: 'value 0 is less than the minimum 1.' },
      { field: 'mode|passes', label: 'Passes', message: 'an integer is required.' },
      { field: 'queries_1|ratio', label: 'Ratio', message: 'value 2 is greater than the maximum 1.' },
      { field: 'advanced|seed', label: 'Seed', message: 'an integer is required.' },
    ]);
  });

  it("refuses a conditional's unknown case and skips its inputs, and a data input connected to nothing", () => {
    expect(check({ 'mode|kind': 'medium', 'mode|passes': 'x' }, [])).toEqual([
      { field: 'reads', label: 'Reads', message: 'is not connected to an output of an earlier step.' },
      { field: 'mode|kind', label: 'Mode', message: "an invalid option was selected: 'medium' is not one of 'fast', 'slow'." },
    ]);
  });
});

describe('runtimeParameterNames', () => {
  it('finds the parameters marked "Set at runtime" at any depth, by flat name', () => {
    const runtime = { __class__: 'RuntimeValue' };
    expect(runtimeParameterNames({ lines: runtime, mode: { kind: 'slow', passes: runtime, __current_case__: 1 }, queries: [{ ratio: runtime, __index__: 0 }], reads: { __class__: 'ConnectedValue' } })).toEqual([
      'lines',
      'mode|passes',
      'queries_0|ratio',
    ]);
  });
});

describe('stepNumbers', () => {
  it('numbers input steps first, then the others, each in order, from 1', () => {
    const step = (orderIndex: number, type: StepView['type']) => ({ orderIndex, type }) as StepView;
    expect([...stepNumbers([step(0, 'tool'), step(1, 'data_input'), step(2, 'tool'), step(3, 'data_collection_input')]).entries()]).toEqual([
      [1, 1],
      [3, 2],
      [0, 3],
      [2, 4],
    ]);
  });
});
