import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILTIN_TOOL_DIR, ToolParseError, parseToolXml } from '../../../src/tools';
import type { ConditionalInput, RepeatInput, SectionInput, ToolInput } from '../../../src/tools';

function byName(inputs: readonly ToolInput[], name: string): ToolInput {
  const input = inputs.find((candidate) => candidate.name === name);
  if (!input) throw new Error(`no input ${name}`);
  return input;
}

const FULL_TOOL = `<?xml version="1.0"?>
<!-- a tool exercising every supported element -->
<tool id="full_tool" name="Full &amp; complete" version="2.1">
  <description>
    does   everything
  </description>
  <requirements>
    <requirement type="package" version="1.9">samtools</requirement>
    <requirement type="binary">awk</requirement>
    <container type="docker">busybox:latest</container>
  </requirements>
  <command interpreter="python" detect_errors="exit_code">script.py $input &gt; $out &amp;&amp; echo done</command>
  <configfiles>
    <configfile name="script">echo $threshold</configfile>
  </configfiles>
  <stdio>
    <exit_code range="1:" level="fatal" description="Error"/>
    <exit_code range=":-1"/>
    <exit_code range="3" level="warning"/>
    <regex match="^WARN" source="stderr" level="warning"/>
  </stdio>
  <inputs>
    <param name="input" type="data" format="tabular, bed" multiple="true" optional="true" label="Input data"/>
    <param name="plain" type="data"/>
    <param name="title" type="text" value="hello" area="true" label="Title">
      <help>Some help</help>
      <validator type="length" max="10" message="Too long"/>
    </param>
    <param name="count" type="integer" value="5" min="1" max="10"/>
    <param name="threshold" type="float" value="0.5" min="0" optional="true" help="attr help"/>
    <param name="flag" type="boolean" checked="yes" truevalue="--flag" falsevalue=""/>
    <param name="mode" type="select" multiple="true" display="checkboxes">
      <option value="a">Alpha</option>
      <option value="b" selected="true">Beta</option>
      <option>Gamma</option>
    </param>
    <param name="genome" type="select">
      <options from_data_table="all_fasta"/>
    </param>
    <param name="secret" type="hidden" value="x"/>
    <param name="col" type="data_column" data_ref="plain" value="c2"/>
    <repeat name="queries" title="Query" min="1" max="3" default="2">
      <param name="input2" type="data"/>
    </repeat>
    <conditional name="cond">
      <param name="sel" type="select">
        <option value="one">One</option>
        <option value="two">Two</option>
      </param>
      <when value="one"/>
      <when value="two">
        <param name="inner" type="integer" value="3"/>
        <repeat name="nested"><param name="deep" type="text"/></repeat>
      </when>
    </conditional>
    <section name="adv" title="Advanced" expanded="true">
      <param name="extra" type="text"/>
    </section>
    <unknown_element/>
  </inputs>
  <outputs>
    <data name="out" format="tabular" label="\${tool.name} on data" from_work_dir="o.txt">
      <filter>flag</filter>
      <filter> count &gt; 2 </filter>
    </data>
    <data name="second" format_source="plain" metadata_source="plain" hidden="true"/>
    <collection name="ignored"/>
  </outputs>
  <citations>
    <citation type="doi">10.1093/bioinformatics/btp352</citation>
    <citation type="bibtex">
      @misc{x, title = {X}}
    </citation>
    <citation type="unknown">skipped</citation>
  </citations>
  <tests><test/></tests>
  <help><![CDATA[
    **What it does**

      indented < block
  ]]></help>
</tool>`;

describe('parseToolXml', () => {
  const tool = parseToolXml(FULL_TOOL, '/tools/full.xml');

  it('reads the tool attributes, description, requirements and help', () => {
    expect(tool).toMatchObject({ id: 'full_tool', name: 'Full & complete', version: '2.1', description: 'does everything', source: '/tools/full.xml' });
    expect(tool.requirements).toEqual([
      { type: 'package', name: 'samtools', version: '1.9' },
      { type: 'binary', name: 'awk', version: null },
    ]);
    expect(tool.containers).toEqual([{ type: 'docker', identifier: 'busybox:latest' }]);
    expect(tool.help).toBe('**What it does**\n\n  indented < block');
  });

  it('reads the command with entities decoded, the interpreter and config files', () => {
    expect(tool.command).toEqual({ template: 'script.py $input > $out && echo done', interpreter: 'python', detectErrors: 'exit_code' });
    expect(tool.configFiles).toEqual([{ name: 'script', template: 'echo $threshold' }]);
  });

  it('reads stdio rules', () => {
    expect(tool.stdio.exitCodes).toEqual([
      { from: 1, to: Infinity, level: 'fatal', description: 'Error' },
      { from: -Infinity, to: -1, level: 'fatal', description: null },
      { from: 3, to: 3, level: 'warning', description: null },
    ]);
    expect(tool.stdio.regexes).toEqual([{ match: '^WARN', sources: ['stderr'], level: 'warning', description: null }]);
  });

  it('reads every parameter type', () => {
    expect(tool.inputs.map((input) => `${input.name}:${input.type}`)).toEqual([
      'input:data', 'plain:data', 'title:text', 'count:integer', 'threshold:float', 'flag:boolean', 'mode:select',
      'genome:select', 'secret:hidden', 'col:data_column', 'queries:repeat', 'cond:conditional', 'adv:section',
    ]);
    expect(byName(tool.inputs, 'input')).toMatchObject({ formats: ['tabular', 'bed'], multiple: true, optional: true, label: 'Input data' });
    expect(byName(tool.inputs, 'plain')).toMatchObject({ formats: ['data'], multiple: false, optional: false });
    expect(byName(tool.inputs, 'title')).toMatchObject({
      value: 'hello', area: true, help: 'Some help',
      validators: [{ type: 'length', message: 'Too long', attributes: { max: '10' }, text: '' }],
    });
    expect(byName(tool.inputs, 'count')).toMatchObject({ value: 5, min: 1, max: 10 });
    expect(byName(tool.inputs, 'threshold')).toMatchObject({ value: 0.5, min: 0, max: null, optional: true, help: 'attr help' });
    expect(byName(tool.inputs, 'flag')).toMatchObject({ checked: true, truevalue: '--flag', falsevalue: '' });
    expect(byName(tool.inputs, 'mode')).toMatchObject({
      multiple: true,
      display: 'checkboxes',
      dynamicOptions: null,
      options: [
        { label: 'Alpha', value: 'a', selected: false },
        { label: 'Beta', value: 'b', selected: true },
        { label: 'Gamma', value: 'Gamma', selected: false },
      ],
    });
    expect(byName(tool.inputs, 'genome')).toMatchObject({
      options: [],
      dynamicOptions: { fromDataTable: 'all_fasta', fromFile: null, fromParameter: null, fromDataset: null },
    });
    expect(byName(tool.inputs, 'secret')).toMatchObject({ value: 'x' });
    expect(byName(tool.inputs, 'col')).toMatchObject({ dataRef: 'plain', value: 2, multiple: false });
  });

  it('reads repeats, conditionals and sections', () => {
    const repeat = byName(tool.inputs, 'queries') as RepeatInput;
    expect(repeat).toMatchObject({ title: 'Query', min: 1, max: 3, defaultCount: 2 });
    expect(repeat.inputs.map((input) => input.name)).toEqual(['input2']);
    const conditional = byName(tool.inputs, 'cond') as ConditionalInput;
    expect(conditional.test).toMatchObject({ name: 'sel', type: 'select' });
    expect(conditional.cases.map((when) => [when.value, when.inputs.map((input) => input.name)])).toEqual([
      ['one', []],
      ['two', ['inner', 'nested']],
    ]);
    const section = byName(tool.inputs, 'adv') as SectionInput;
    expect(section).toMatchObject({ title: 'Advanced', expanded: true });
    expect(section.inputs.map((input) => input.name)).toEqual(['extra']);
  });

  it('reads outputs and citations', () => {
    expect(tool.outputs).toEqual([
      { name: 'out', format: 'tabular', formatSource: null, metadataSource: null, fromWorkDir: 'o.txt', label: '${tool.name} on data', hidden: false, filters: ['flag', 'count > 2'] },
      { name: 'second', format: 'data', formatSource: 'plain', metadataSource: 'plain', fromWorkDir: null, label: null, hidden: true, filters: [] },
    ]);
    expect(tool.citations).toEqual([
      { type: 'doi', doi: '10.1093/bioinformatics/btp352' },
      { type: 'bibtex', content: '@misc{x, title = {X}}' },
    ]);
  });

  it('defaults name and version and tolerates a bare tool', () => {
    const bare = parseToolXml('<tool id="bare"/>');
    expect(bare).toMatchObject({ id: 'bare', name: 'bare', version: '1.0.0', description: '', inputs: [], outputs: [], citations: [], help: '' });
    expect(bare.command).toEqual({ template: '', interpreter: null, detectErrors: null });
  });
});

describe('parseToolXml errors', () => {
  it.each<[string, string, RegExp]>([
    ['malformed XML', '<tool id="x"><inputs></tool>', /^t\.xml: malformed XML at line 1, column \d+: /],
    ['a missing id', '<tool name="x"/>', /^t\.xml: the <tool> element has no id attribute$/],
    ['a blank id', '<tool id="  "/>', /no id attribute/],
    ['another root', '<macros/>', /root element is <macros>, not <tool>/],
    ['an unsupported param type', '<tool id="x"><inputs><param name="p" type="drill_down"/></inputs></tool>', /parameter 'p': unsupported parameter type 'drill_down'/],
    ['a nameless param', '<tool id="x"><inputs><param type="text"/></inputs></tool>', /a <param> has no name attribute/],
    ['a bad integer default', '<tool id="x"><inputs><param name="n" type="integer" value="ten"/></inputs></tool>', /parameter 'n': attribute value="ten" is not an integer/],
    ['a text selector', '<tool id="x"><inputs><conditional name="c"><param name="s" type="text"/></conditional></inputs></tool>', /conditional 'c': the selector must be a select or boolean parameter/],
    ['a conditional without selector', '<tool id="x"><inputs><conditional name="c"/></inputs></tool>', /conditional 'c': no selector <param>/],
    ['duplicate names', '<tool id="x"><inputs><param name="a" type="text"/><param name="a" type="text"/></inputs></tool>', /duplicate input name 'a'/],
    ['a bad exit code range', '<tool id="x"><stdio><exit_code range="a:"/></stdio></tool>', /exit_code range bound 'a' is not an integer/],
    ['an output without name', '<tool id="x"><outputs><data format="txt"/></outputs></tool>', /an output <data> has no name/],
    ['an external entity', '<!DOCTYPE tool [<!ENTITY x SYSTEM "file:///etc/passwd">]><tool id="x" name="&x;"/>', /^t\.xml: a document type declaration \(<!DOCTYPE>, entities\) is not accepted$/],
    ['an internal entity', '<?xml version="1.0"?>\n<!DOCTYPE tool [<!ENTITY a "aaaa">]><tool id="x" name="&a;"/>', /document type declaration/],
    ['20,000 nested elements', `<tool id="x"><help>${'<b>'.repeat(20000)}${'</b>'.repeat(20000)}</help></tool>`, /^t\.xml: elements are nested more than 100 levels deep$/],
  ])('rejects %s', (_label, xml, message) => {
    let caught: unknown;
    try {
      parseToolXml(xml, 't.xml');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ToolParseError);
    expect((caught as Error).message).toMatch(message);
    expect((caught as ToolParseError).source).toBe('t.xml');
  });
});

describe('parseToolXml limits', () => {
  it('reads elements nested 100 levels deep, and <!DOCTYPE> written inside comments, CDATA or attribute values', () => {
    const nested = `${'<b>'.repeat(97)}${'</b>'.repeat(97)}`;
    const tool = parseToolXml(`<tool id="x" name="a &lt;!DOCTYPE&gt;"><!-- <!DOCTYPE x> --><help>${nested}</help><command><![CDATA[echo '<!DOCTYPE x>']]></command></tool>`, 't.xml');
    expect(tool.name).toBe('a <!DOCTYPE>');
    expect(tool.command.template).toBe("echo '<!DOCTYPE x>'");
    expect(() => parseToolXml(`<tool id="x"><help>${'<b>'.repeat(99)}${'</b>'.repeat(99)}</help></tool>`, 't.xml')).toThrow(/nested more than 100 levels/);
  });
});

describe('built-in tool XML', () => {
  const files = readdirSync(BUILTIN_TOOL_DIR).filter((file) => file.endsWith('.xml'));
  const tools = files.map((file) => parseToolXml(readFileSync(join(BUILTIN_TOOL_DIR, file), 'utf8'), file));
  const get = (id: string) => tools.find((tool) => tool.id === id)!;

  it('parses every built-in', () => {
    expect(tools.map((tool) => tool.id).sort()).toEqual(['Cut1', 'Paste1', 'Show beginning1', 'cat1', 'random_lines1', 'sort1', 'upload1']);
    for (const tool of tools) {
      expect(tool.citations).toEqual([]);
      expect(tool.help.length).toBeGreaterThan(0);
    }
  });

  it('keeps the platform parameter names', () => {
    const names = (id: string) => get(id).inputs.map((input) => input.name);
    expect(names('upload1')).toEqual(['file_type', 'async_datasets', 'files', 'dbkey']);
    expect((get('upload1').inputs[2] as RepeatInput).inputs.map((input) => input.name)).toEqual(['file_data', 'url_paste', 'space_to_tab', 'to_posix_lines']);
    expect(names('cat1')).toEqual(['input1', 'queries']);
    expect(names('Cut1')).toEqual(['columnList', 'delimiter', 'input']);
    expect(names('sort1')).toEqual(['input', 'column', 'order', 'style']);
    expect(names('Show beginning1')).toEqual(['lineNum', 'input']);
    expect(names('random_lines1')).toEqual(['num_lines', 'input', 'seed_source']);
    expect(names('Paste1')).toEqual(['input1', 'input2', 'delimiter']);
  });

  it('declares the platform outputs', () => {
    expect(get('upload1').outputs.map((output) => [output.name, output.format])).toEqual([['output0', 'auto']]);
    expect(get('cat1').outputs[0]).toMatchObject({ name: 'out_file1', formatSource: 'input1' });
    expect(get('Cut1').outputs[0]).toMatchObject({ name: 'out_file1', format: 'tabular' });
    expect(get('sort1').outputs[0]).toMatchObject({ name: 'out_file1', formatSource: 'input' });
    expect(get('Show beginning1').outputs[0]).toMatchObject({ name: 'out_file1', formatSource: 'input' });
    expect(get('random_lines1').outputs[0]).toMatchObject({ name: 'out_file1', formatSource: 'input' });
    expect(get('Paste1').outputs[0]).toMatchObject({ name: 'out_file1', format: 'tabular' });
  });

  it('uses the platform delimiter letters', () => {
    const letters = (id: string) => {
      const param = get(id).inputs.find((input) => input.name === 'delimiter');
      return param?.type === 'select' ? param.options.map((option) => option.value) : [];
    };
    expect(letters('Cut1')).toEqual(['T', 'Sp', 'Dt', 'C', 'D', 'U', 'P']);
    expect(letters('Paste1')).toEqual(['T', 'Dt', 'C', 'D', 'U', 'P', 'Sp']);
  });
});
