import type { FormInput } from '../../../web/src/tools/tool-documents';
import { type EditorStep, withRepeatHandles } from '../../../web/src/workflows/editor/editor-model';
import { problemsOf, stepNumbersOf } from '../../../web/src/workflows/editor/editor-problems';
import { formStateOf, withRepeatCount, withRuntime, withValue } from '../../../web/src/workflows/editor/step-state';

/** The workflow editor's tool form writes into a step's stored state tree (issue 35, item 1). */
const leaf = (typename: string, name: string, extra: Record<string, unknown> = {}) => ({ __typename: typename, name, type: '', label: name, help: '', optional: false, ...extra }) as unknown as FormInput;

const INPUTS: FormInput[] = [
  leaf('IntegerToolInput', 'lines', { defaultNumber: 10, min: null, max: null }),
  leaf('DataColumnToolInput', 'column', { dataRef: 'input', defaultNumber: null, multiple: false, numerical: false }),
  {
    ...(leaf('ConditionalToolInput', 'mode') as object),
    test: leaf('SelectToolInput', 'kind', { options: [{ label: 'Deep', value: 'deep', selected: false }, { label: 'Flat', value: 'flat', selected: true }], multiple: false, display: null, dataTable: null }),
    cases: [
      { value: 'flat', inputs: [] },
      { value: 'deep', inputs: [leaf('IntegerToolInput', 'depth', { defaultNumber: 3, min: null, max: null })] },
    ],
  } as unknown as FormInput,
  { ...(leaf('RepeatToolInput', 'queries') as object), minCount: 0, maxCount: null, defaultCount: 0, inputs: [leaf('TextToolInput', 'title', { defaultText: 'q', area: false })] } as unknown as FormInput,
];

const STORED = { lines: '5', column: '2', mode: { kind: 'flat', __current_case__: 0 }, queries: [{ __index__: 0, title: 'first' }], input: null };

describe('the editor reads a stored state as the tool form’s flat values', () => {
  it('flattens conditionals and repeats, counts repeat instances (an empty list too) and names the runtime parameters', () => {
    const { state, runtime } = formStateOf({ ...STORED, lines: { __class__: 'RuntimeValue' }, queries: [] }, INPUTS);
    expect(state.values).toMatchObject({ column: '2', 'mode|kind': 'flat' });
    expect(state.repeats.queries).toBe(0);
    expect([...runtime]).toEqual(['lines']);
  });
});

describe('the editor writes a field’s change at its place in the stored state', () => {
  it('sets a value and keeps everything else as stored', () => {
    expect(withValue(STORED, INPUTS, 'column', '3')).toEqual({ ...STORED, column: '3' });
    expect(withValue(STORED, INPUTS, 'queries_0|title', 'renamed').queries).toEqual([{ __index__: 0, title: 'renamed' }]);
  });

  it("switches a conditional's case: the new case's inputs get the tool's defaults and __current_case__ follows", () => {
    expect(withValue(STORED, INPUTS, 'mode|kind', 'deep').mode).toEqual({ kind: 'deep', depth: '3', __current_case__: 1 });
  });

  it('adds repeat instances with defaults and removes the last ones', () => {
    const more = withRepeatCount(STORED, INPUTS, 'queries', 2);
    expect(more.queries).toEqual([{ __index__: 0, title: 'first' }, { __index__: 1, title: 'q' }]);
    expect(withRepeatCount(more, INPUTS, 'queries', 0).queries).toEqual([]);
  });

  it('marks a parameter "Set at runtime" as 15.05 does, and unmarked it gets its default back', () => {
    expect(withRuntime(STORED, INPUTS, 'lines', true).lines).toEqual({ __class__: 'RuntimeValue' });
    expect(withRuntime(STORED, INPUTS, 'queries_0|title', true).queries).toEqual([{ __index__: 0, title: { __class__: 'RuntimeValue' } }]);
    expect(withRuntime(withRuntime(STORED, INPUTS, 'lines', true), INPUTS, 'lines', false).lines).toBe('10');
  });

  it('leaves the state alone for a name the tool does not have', () => {
    expect(withValue(STORED, INPUTS, 'nothing|here', 'x')).toBe(STORED);
  });
});

describe('the problems listed before saving', () => {
  const step = (key: string, type: string, extra: Partial<EditorStep> = {}): EditorStep => ({
    key,
    type,
    toolId: type === 'tool' ? 't' : null,
    toolVersion: null,
    name: type === 'tool' ? 'Tool' : 'Input dataset',
    toolInputs: {},
    label: null,
    uuid: key,
    annotation: null,
    position: { left: 0, top: 0 },
    positionExtra: {},
    inputs: [],
    outputs: [],
    connections: {},
    postJobActions: [],
    workflowOutputs: [],
    toolError: null,
    ...extra,
  });
  const form = {
    id: 't',
    name: 'Tool',
    version: '1',
    description: '',
    help: '',
    citations: [],
    inputs: [leaf('DataToolInput', 'input', { formats: [], acceptedExtensions: [], multiple: false }), leaf('DataToolInput', 'extra', { formats: [], acceptedExtensions: [], multiple: false, optional: true }), ...INPUTS],
  } as never;
  const dataInput = (name: string) => ({ name, label: name, extensions: [], inputType: 'dataset', multiple: false, optional: false });

  it('numbers steps inputs first, names the field, leaves optional data inputs and runtime parameters out', () => {
    const steps = [
      step('0', 'tool', { inputs: [dataInput('input'), dataInput('extra')], toolInputs: { ...STORED, column: '', lines: { __class__: 'RuntimeValue' } } }),
      step('1', 'data_input'),
      step('2', 'tool', { toolError: 'Tool gone is not installed.', toolId: 'gone' }),
    ];
    expect([...stepNumbersOf(steps)]).toEqual([
      ['1', 1],
      ['0', 2],
      ['2', 3],
    ]);
    expect(problemsOf(steps, new Map([['t', form]])).map((problem) => [problem.field, problem.text])).toEqual([
      ['input', 'Step 2 (Tool): the required input “input” is not connected.'],
      ['column', 'Step 2 (Tool): the required parameter “column” has no value (give one or set it at runtime).'],
      [null, 'Step 3 (Tool): Tool gone is not installed.'],
    ]);
  });
  it("counts a repeat block's data input as required, not one in a conditional's case", () => {
    const nested = {
      ...(form as object),
      inputs: [
        { ...(leaf('RepeatToolInput', 'queries') as object), minCount: 0, maxCount: null, defaultCount: 0, inputs: [leaf('DataToolInput', 'input2', { formats: [], acceptedExtensions: [], multiple: false })] },
        { ...(leaf('ConditionalToolInput', 'mode') as object), test: leaf('BooleanToolInput', 'on', { checked: false, truevalue: 'yes', falsevalue: 'no' }), cases: [{ value: 'yes', inputs: [leaf('DataToolInput', 'other', { formats: [], acceptedExtensions: [], multiple: false })] }, { value: 'no', inputs: [] }] },
      ],
    } as never;
    const steps = [step('0', 'tool', { inputs: [dataInput('queries_0|input2'), dataInput('queries_1|input2'), dataInput('mode|other')], connections: { 'queries_0|input2': [{ stepKey: '9', outputName: 'out' }] } })];
    expect(problemsOf(steps, new Map([['t', nested]])).map((problem) => problem.field)).toEqual(['queries_1|input2']);
  });
});

describe("a tool step's data inputs inside repeats follow the repeat's instances", () => {
  const handle = (name: string, label: string) => ({ name, label, extensions: ['txt'], inputType: 'dataset', multiple: false, optional: false });
  const cat = (queries: unknown[], connections: EditorStep['connections']): EditorStep => ({
    key: '1',
    type: 'tool',
    toolId: 'cat1',
    toolVersion: null,
    name: 'Concatenate',
    toolInputs: { input1: null, queries },
    label: null,
    uuid: 'u',
    annotation: null,
    position: { left: 0, top: 0 },
    positionExtra: {},
    inputs: [handle('input1', 'Concatenate Dataset'), handle('queries_0|input2', 'Select')],
    outputs: [],
    connections,
    postJobActions: [],
    workflowOutputs: [],
    toolError: null,
  });

  it('gives each instance its handle, and drops the connections of removed instances only when the form removed them', () => {
    const two = withRepeatHandles(cat([{ __index__: 0 }, { __index__: 1 }], {}));
    expect(two.inputs.map((input) => [input.name, input.label])).toEqual([
      ['input1', 'Concatenate Dataset'],
      ['queries_0|input2', 'Select'],
      ['queries_1|input2', 'Select (queries 2)'],
    ]);
    const linked = { 'queries_1|input2': [{ stepKey: '0', outputName: 'output' }] };
    // Stored so: the connection and its handle are kept.
    expect(withRepeatHandles(cat([], linked)).inputs.map((input) => input.name)).toEqual(['input1', 'queries_1|input2']);
    expect(withRepeatHandles(cat([], linked)).connections).toEqual(linked);
    // Removed in the form: the connection goes with the instance.
    expect(withRepeatHandles(cat([{ __index__: 0 }], linked), true).connections).toEqual({});
  });
});
