import { ToolParameterError, buildParamState, flattenParams, parseToolXml } from '../../../src/tools';
import type { ParamState } from '../../../src/tools';
import { fakeResolver } from './helpers';

const TOOL = parseToolXml(`<tool id="params_tool">
  <inputs>
    <param name="input1" type="data" format="tabular"/>
    <param name="maybe" type="data" optional="true"/>
    <param name="many" type="data" multiple="true" optional="true"/>
    <param name="lineNum" type="integer" value="10" min="1" max="1000"/>
    <param name="optint" type="integer" optional="true"/>
    <param name="ratio" type="float" value="0.5" max="1"/>
    <param name="title" type="text" value="untitled"/>
    <param name="flag" type="boolean" truevalue="--yes" falsevalue="--no"/>
    <param name="delimiter" type="select">
      <option value="T">Tab</option>
      <option value="C" selected="true">Comma</option>
    </param>
    <param name="modes" type="select" multiple="true">
      <option value="a">A</option><option value="b">B</option><option value="c">C</option>
    </param>
    <param name="dyn" type="select"><options from_data_table="builds"/></param>
    <param name="secret" type="hidden" value="h"/>
    <param name="column" type="data_column" data_ref="input1"/>
    <repeat name="queries" min="1" max="3">
      <param name="input2" type="data"/>
      <param name="note" type="text"/>
    </repeat>
    <conditional name="cond">
      <param name="sel" type="select">
        <option value="none">None</option>
        <option value="some">Some</option>
      </param>
      <when value="none"/>
      <when value="some">
        <param name="inner" type="integer" value="3"/>
        <repeat name="deep"><param name="word" type="text"/></repeat>
      </when>
    </conditional>
    <conditional name="toggle">
      <param name="on" type="boolean" truevalue="enabled" falsevalue="disabled"/>
      <when value="true"><param name="level" type="integer" value="1"/></when>
      <when value="false"/>
    </conditional>
    <section name="adv">
      <param name="extra" type="text" value="e"/>
    </section>
  </inputs>
</tool>`);

const MINIMAL = { input1: 'i1', 'queries_0|input2': 'q0', dyn: 'hg19' };

async function build(inputs: Record<string, unknown>, datasets?: Parameters<typeof fakeResolver>[0]): Promise<ParamState> {
  return buildParamState(TOOL, inputs, fakeResolver(datasets));
}

async function failure(inputs: Record<string, unknown>, datasets?: Parameters<typeof fakeResolver>[0]): Promise<ToolParameterError> {
  try {
    await build(inputs, datasets);
  } catch (error) {
    if (error instanceof ToolParameterError) return error;
    throw error;
  }
  throw new Error('expected a ToolParameterError');
}

describe('buildParamState defaults', () => {
  it('fills every default and resolves the given datasets', async () => {
    const { resolveDataset, calls } = fakeResolver();
    const state = await buildParamState(TOOL, MINIMAL, { resolveDataset });
    expect(calls).toEqual([{ src: 'hda', id: 'i1' }, { src: 'hda', id: 'q0' }]);
    expect(state.input1).toEqual({ type: 'data', multiple: false, datasets: [{ ref: { src: 'hda', id: 'i1' }, dataset: expect.objectContaining({ path: '/data/i1.dat' }) }] });
    expect(state.maybe).toEqual({ type: 'data', multiple: false, datasets: [] });
    expect(state.many).toEqual({ type: 'data', multiple: true, datasets: [] });
    expect(state.lineNum).toEqual({ type: 'integer', value: 10 });
    expect(state.optint).toEqual({ type: 'integer', value: null });
    expect(state.ratio).toEqual({ type: 'float', value: 0.5 });
    expect(state.title).toEqual({ type: 'text', value: 'untitled' });
    expect(state.flag).toEqual({ type: 'boolean', value: false });
    expect(state.delimiter).toEqual({ type: 'select', multiple: false, values: ['C'] });
    expect(state.modes).toEqual({ type: 'select', multiple: true, values: [] });
    expect(state.dyn).toEqual({ type: 'select', multiple: false, values: ['hg19'] });
    expect(state.secret).toEqual({ type: 'hidden', value: 'h' });
    expect(state.column).toEqual({ type: 'data_column', multiple: false, columns: [1] });
    expect(state.cond).toEqual({ type: 'conditional', currentCase: 0, values: { sel: { type: 'select', multiple: false, values: ['none'] } } });
    expect(state.toggle).toEqual({ type: 'conditional', currentCase: 1, values: { on: { type: 'boolean', value: false } } });
    expect(state.adv).toEqual({ type: 'section', values: { extra: { type: 'text', value: 'e' } } });
    expect(state.queries).toEqual({
      type: 'repeat',
      instances: [{ input2: expect.objectContaining({ type: 'data' }), note: { type: 'text', value: '' } }],
    });
  });
});

describe('buildParamState values', () => {
  it('parses numbers, booleans and selects from strings', async () => {
    const state = await build({
      ...MINIMAL, lineNum: ' 42 ', optint: '-3', ratio: '1e-1', flag: 'yes', delimiter: 'T', modes: ['a', 'c'], dyn: 'mm10', column: 'c2',
    });
    expect(state.lineNum).toEqual({ type: 'integer', value: 42 });
    expect(state.optint).toEqual({ type: 'integer', value: -3 });
    expect(state.ratio).toEqual({ type: 'float', value: 0.1 });
    expect(state.flag).toEqual({ type: 'boolean', value: true });
    expect(state.delimiter).toEqual({ type: 'select', multiple: false, values: ['T'] });
    expect(state.modes).toEqual({ type: 'select', multiple: true, values: ['a', 'c'] });
    expect(state.dyn).toEqual({ type: 'select', multiple: false, values: ['mm10'] });
    expect(state.column).toEqual({ type: 'data_column', multiple: false, columns: [2] });
  });

  it.each<[unknown, boolean]>([
    [true, true], [false, false], ['true', true], ['True', true], ['yes', true], ['on', true], ['--yes', true],
    ['false', false], ['no', false], ['--no', false], ['', false],
  ])('reads boolean %p as %p', async (raw, expected) => {
    expect((await build({ ...MINIMAL, flag: raw })).flag).toEqual({ type: 'boolean', value: expected });
  });

  it('accepts multiple selects as a comma-joined string and empty values', async () => {
    expect((await build({ ...MINIMAL, modes: 'b,c' })).modes).toEqual({ type: 'select', multiple: true, values: ['b', 'c'] });
    expect((await build({ ...MINIMAL, modes: '' })).modes).toEqual({ type: 'select', multiple: true, values: [] });
  });

  it('treats blank and null numbers as not given', async () => {
    const state = await build({ ...MINIMAL, lineNum: '', optint: null, ratio: '   ' });
    expect(state.lineNum).toEqual({ type: 'integer', value: 10 });
    expect(state.optint).toEqual({ type: 'integer', value: null });
    expect(state.ratio).toEqual({ type: 'float', value: 0.5 });
  });

  it('takes dataset references in every accepted shape', async () => {
    const { resolveDataset, calls } = fakeResolver();
    const state = await buildParamState(
      TOOL,
      { dyn: 'x', input1: { src: 'ldda', id: 'L1' }, maybe: { values: [{ src: 'hda', id: 'M' }] }, many: ['x', { id: 'y' }], 'queries_0|input2': ' q ' },
      { resolveDataset },
    );
    expect(calls).toEqual([
      { src: 'ldda', id: 'L1' }, { src: 'hda', id: 'M' }, { src: 'hda', id: 'x' }, { src: 'hda', id: 'y' }, { src: 'hda', id: 'q' },
    ]);
    expect(state.many).toMatchObject({ multiple: true, datasets: [{ ref: { id: 'x' } }, { ref: { id: 'y' } }] });
  });

  it('counts flat repeat instances and closes index gaps', async () => {
    const state = await build({ dyn: 'x', input1: 'i', 'queries_0|input2': 'a', 'queries_2|input2': 'c', 'queries_2|note': 'n', 'queries_1|input2': 'b' });
    const repeat = state.queries!;
    expect(repeat.type === 'repeat' && repeat.instances.map((instance) => [instance.input2, instance.note])).toEqual([
      [expect.objectContaining({ datasets: [expect.objectContaining({ ref: { src: 'hda', id: 'a' } })] }), { type: 'text', value: '' }],
      [expect.objectContaining({ datasets: [expect.objectContaining({ ref: { src: 'hda', id: 'b' } })] }), { type: 'text', value: '' }],
      [expect.objectContaining({ datasets: [expect.objectContaining({ ref: { src: 'hda', id: 'c' } })] }), { type: 'text', value: 'n' }],
    ]);
  });

  it('accepts nested objects and lists, mixed with flat keys', async () => {
    const state = await build({
      dyn: 'x',
      input1: 'i',
      queries: [{ input2: 'a' }, { input2: 'b', note: 'second' }],
      cond: { sel: 'some', deep: [{ word: 'w0' }] },
      'cond|inner': '7',
      'cond|deep_1|word': 'w1',
      adv: { extra: 'nested' },
      toggle: { on: 'enabled', level: 5 },
    });
    expect(state.queries).toMatchObject({ instances: [{ note: { value: '' } }, { note: { value: 'second' } }] });
    expect(state.cond).toEqual({
      type: 'conditional',
      currentCase: 1,
      values: {
        sel: { type: 'select', multiple: false, values: ['some'] },
        inner: { type: 'integer', value: 7 },
        deep: { type: 'repeat', instances: [{ word: { type: 'text', value: 'w0' } }, { word: { type: 'text', value: 'w1' } }] },
      },
    });
    expect(state.adv).toEqual({ type: 'section', values: { extra: { type: 'text', value: 'nested' } } });
    expect(state.toggle).toEqual({ type: 'conditional', currentCase: 0, values: { on: { type: 'boolean', value: true }, level: { type: 'integer', value: 5 } } });
  });

  it('checks column numbers against the referenced dataset', async () => {
    const datasets = { i: { metadata: { columns: 3 } }, q: {} };
    expect((await build({ dyn: 'x', input1: 'i', 'queries_0|input2': 'q', column: 3 }, datasets)).column).toMatchObject({ columns: [3] });
    expect((await failure({ dyn: 'x', input1: 'i', 'queries_0|input2': 'q', column: 4 }, datasets)).message).toBe(
      "Parameter 'column': column 4 is out of range: dataset 'Dataset i' has 3 column(s).",
    );
  });

  it('lets an acceptsFormat hook reject datasets of the wrong format', async () => {
    const { resolveDataset } = fakeResolver({ i: { ext: 'fasta', name: 'reads' }, q: {} });
    const acceptsFormat = (ext: string, formats: readonly string[]) => formats.includes('data') || formats.includes(ext);
    await expect(buildParamState(TOOL, { dyn: 'x', input1: 'i', 'queries_0|input2': 'q' }, { resolveDataset, acceptsFormat })).rejects.toThrow(
      "Parameter 'input1': dataset 'reads' has format 'fasta', which is not one of tabular.",
    );
  });

  it('propagates resolver errors unchanged', async () => {
    await expect(build({ dyn: 'x', input1: 'missing', 'queries_0|input2': 'q' }, { q: {} })).rejects.toThrow('no dataset missing');
  });
});

describe('buildParamState errors', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['a dynamic select without value', { input1: 'i', 'queries_0|input2': 'q' }, "Parameter 'dyn': a value must be selected."],
    ['a missing required dataset', { dyn: 'x', 'queries_0|input2': 'q' }, "Parameter 'input1': a dataset is required."],
    ['a missing dataset in a min-enforced repeat', { dyn: 'x', input1: 'i' }, "Parameter 'queries_0|input2': a dataset is required."],
    ['a non-integer', { ...MINIMAL, lineNum: 'ten' }, "Parameter 'lineNum': an integer is required."],
    ['a fractional integer', { ...MINIMAL, lineNum: 2.5 }, "Parameter 'lineNum': an integer is required."],
    ['an integer below min', { ...MINIMAL, lineNum: 0 }, "Parameter 'lineNum': value 0 is less than the minimum 1."],
    ['an integer above max', { ...MINIMAL, lineNum: '1001' }, "Parameter 'lineNum': value 1001 is greater than the maximum 1000."],
    ['a non-number float', { ...MINIMAL, ratio: 'abc' }, "Parameter 'ratio': a real number is required."],
    ['a float above max', { ...MINIMAL, ratio: 1.5 }, "Parameter 'ratio': value 1.5 is greater than the maximum 1."],
    ['an unknown boolean', { ...MINIMAL, flag: 'maybe' }, "Parameter 'flag': a boolean is required (true or false, or '--yes' / '--no')."],
    ['an invalid option', { ...MINIMAL, delimiter: 'X' }, "Parameter 'delimiter': an invalid option was selected: 'X' is not one of 'T', 'C'."],
    ['two values for a single select', { ...MINIMAL, delimiter: ['T', 'C'] }, "Parameter 'delimiter': only one value may be selected."],
    ['an invalid multiple option', { ...MINIMAL, modes: ['a', 'z'] }, "Parameter 'modes': an invalid option was selected: 'z' is not one of 'a', 'b', 'c'."],
    ['an object for text', { ...MINIMAL, title: { a: 1 } }, "Parameter 'title': a text value is required."],
    ['two datasets for a single data param', { ...MINIMAL, input1: ['a', 'b'] }, "Parameter 'input1': only one dataset may be given."],
    ['a collection reference', { ...MINIMAL, input1: { src: 'hdca', id: 'c' } }, "Parameter 'input1': dataset source 'hdca' is not supported."],
    ['a malformed reference', { ...MINIMAL, input1: { name: 'x' } }, "Parameter 'input1': a dataset reference ({src, id}) is required."],
    ['too many repeat instances', { dyn: 'x', input1: 'i', queries: ['a', 'b', 'c', 'd'].map((id) => ({ input2: id })) }, "Parameter 'queries': at most 3 instance(s) are allowed, 4 given."],
    ['a bad value inside a conditional', { ...MINIMAL, 'cond|sel': 'some', 'cond|inner': 'x' }, "Parameter 'cond|inner': an integer is required."],
    ['an unknown conditional branch', { ...MINIMAL, 'cond|sel': 'other' }, "Parameter 'cond|sel': an invalid option was selected: 'other' is not one of 'none', 'some'."],
    ['a bad column', { ...MINIMAL, column: 'cx' }, "Parameter 'column': a column number (1 or more) is required."],
  ])('rejects %s', async (_label, inputs, message) => {
    const error = await failure(inputs);
    expect(error.message).toBe(message);
    expect(error.param).toBe(message.split("'")[1]);
  });

  it('rejects a selector value with no matching <when>', async () => {
    const tool = parseToolXml(`<tool id="t"><inputs><conditional name="c">
      <param name="s" type="select"><option value="a">A</option><option value="b">B</option></param>
      <when value="a"/></conditional></inputs></tool>`);
    await expect(buildParamState(tool, { 'c|s': 'b' }, fakeResolver())).rejects.toThrow(
      "Parameter 'c|s': no branch of conditional 'c' matches the value 'b'.",
    );
  });

  it('enforces length, regex, in_range and empty_field validators', async () => {
    const tool = parseToolXml(`<tool id="t"><inputs>
      <param name="short" type="text"><validator type="length" max="3" message="Too long"/></param>
      <param name="word" type="text" value="abc"><validator type="regex">[a-z]+$</validator></param>
      <param name="pct" type="integer" value="5"><validator type="in_range" min="0" max="100" exclude_max="true"/></param>
      <param name="needed" type="text" value="x"><validator type="empty_field"/></param>
    </inputs></tool>`);
    const run = (inputs: Record<string, unknown>) => buildParamState(tool, inputs, fakeResolver());
    await expect(run({})).resolves.toBeDefined();
    await expect(run({ short: 'abcd' })).rejects.toThrow("Parameter 'short': Too long");
    await expect(run({ word: 'ab1' })).rejects.toThrow("Parameter 'word': value does not match the pattern '[a-z]+$'.");
    await expect(run({ pct: 100 })).rejects.toThrow("Parameter 'pct': value 100 is not in the range [0, 100].");
    await expect(run({ needed: '' })).rejects.toThrow("Parameter 'needed': a value is required.");
  });
});

describe('flattenParams', () => {
  const INPUTS = {
    input1: 'i', dyn: 'hg19', many: ['m1', 'm2'], lineNum: '5', ratio: 0.25, title: 'a b', flag: 'true', delimiter: 'T', modes: 'a,b', column: 2,
    'queries_0|input2': 'q0', 'queries_1|input2': { src: 'ldda', id: 'q1' }, 'queries_1|note': 'n',
    'cond|sel': 'some', 'cond|inner': 9, 'cond|deep_0|word': 'w', 'toggle|on': true, 'toggle|level': 2, 'adv|extra': 'x',
  };

  it('writes the flat platform keys', async () => {
    expect(flattenParams(await build(INPUTS))).toEqual({
      input1: { src: 'hda', id: 'i' },
      maybe: null,
      many: [{ src: 'hda', id: 'm1' }, { src: 'hda', id: 'm2' }],
      lineNum: 5,
      optint: null,
      ratio: 0.25,
      title: 'a b',
      flag: true,
      delimiter: 'T',
      modes: ['a', 'b'],
      dyn: 'hg19',
      secret: 'h',
      column: 2,
      'queries_0|input2': { src: 'hda', id: 'q0' },
      'queries_0|note': '',
      // A library version is recorded as the history dataset the resolver imported it as.
      'queries_1|input2': { src: 'hda', id: 'q1' },
      'queries_1|note': 'n',
      'cond|sel': 'some',
      'cond|inner': 9,
      'cond|deep_0|word': 'w',
      'toggle|on': true,
      'toggle|level': 2,
      'adv|extra': 'x',
    });
  });

  it('round-trips through buildParamState', async () => {
    const state = await build({ ...INPUTS, 'queries_1|input2': { src: 'hda', id: 'q1' } });
    const again = await build(flattenParams(state));
    expect(again).toEqual(state);
    expect(flattenParams(again)).toEqual(flattenParams(state));
  });
});
