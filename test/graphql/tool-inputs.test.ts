import { rmSync } from 'node:fs';
import { toolDirWith } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { toolDataFixture, type ToolDataFixture } from '../support/tool-data-helpers';

/** `tool(id) { inputs }`: a tool's form as typed GraphQL fields, every kind of input with its own. */
const EVERY_KIND = `<tool id="every_kind" name="Every kind of input" version="1.0">
  <command>cat $reads > $out</command>
  <inputs>
    <param name="reads" type="data" format="fastqsanger,fasta" label="Reads" help="Your reads"/>
    <param name="samples" type="data_collection" collection_type="list,paired" format="txt" label="Samples"/>
    <param name="title" type="text" value="untitled" area="true" label="Title"/>
    <param name="lines" type="integer" value="10" min="1" max="100" label="Lines"/>
    <param name="ratio" type="float" value="0.5" min="0" max="1" optional="true" label="Ratio"/>
    <param name="strict" type="boolean" checked="true" truevalue="--strict" falsevalue="" label="Strict"/>
    <param name="genome" type="select" label="Genome"><options from_data_table="testalpha"/></param>
    <param name="column" type="data_column" data_ref="reads" label="Column"/>
    <conditional name="mode">
      <param name="kind" type="select" label="Mode">
        <option value="fast" selected="true">Fast</option>
        <option value="slow">Slow</option>
      </param>
      <when value="fast"/>
      <when value="slow"><param name="passes" type="integer" value="3" label="Passes"/></when>
    </conditional>
    <repeat name="queries" title="Query" min="1" max="3" default="2"><param name="term" type="text" label="Term"/></repeat>
    <section name="advanced" title="Advanced options" expanded="false"><param name="seed" type="integer" value="42" label="Seed"/></section>
  </inputs>
  <outputs><data name="out" format="txt"/></outputs>
</tool>`;

const FORM = `query {
  tool(id: "every_kind") {
    inputs {
      __typename name type label help optional
      ... on TextToolInput { defaultText area }
      ... on IntegerToolInput { defaultNumber min max }
      ... on FloatToolInput { defaultFloat minFloat maxFloat }
      ... on BooleanToolInput { checked truevalue falsevalue }
      ... on SelectToolInput { options { label value selected } multiple display dataTable }
      ... on DataToolInput { formats multiple }
      ... on DataCollectionToolInput { collectionTypes formats }
      ... on DataColumnToolInput { dataRef numerical multiple }
      ... on ConditionalToolInput {
        test { name ... on SelectToolInput { options { value selected } } }
        cases { value inputs { name ... on IntegerToolInput { defaultNumber } } }
      }
      ... on RepeatToolInput { minCount maxCount defaultCount inputs { name label } }
      ... on SectionToolInput { expanded inputs { name ... on IntegerToolInput { defaultNumber } } }
    }
  }
}`;

let h: TestPlatform;
let fx: ToolDataFixture;
let toolDir: string;

beforeAll(async () => {
  fx = toolDataFixture();
  toolDir = toolDirWith('every_kind.xml', EVERY_KIND);
  h = await startTestPlatform({ ...fx.env, TOOL_DIRS: toolDir });
});
afterAll(async () => {
  await h.close();
  fx.remove();
  rmSync(toolDir, { recursive: true, force: true });
});

describe('tool { inputs }: the form, typed', () => {
  it('gives every kind of input with its own fields, anonymously too', async () => {
    const res = await h.api.post('/graphql').send({ query: FORM });
    expect(res.body.errors).toBeUndefined();
    const inputs = res.body.data.tool.inputs as Array<Record<string, unknown>>;
    const byName = Object.fromEntries(inputs.map((input) => [input.name, input]));
    expect(inputs.map((input) => input.__typename)).toEqual([
      'DataToolInput', 'DataCollectionToolInput', 'TextToolInput', 'IntegerToolInput', 'FloatToolInput', 'BooleanToolInput',
      'SelectToolInput', 'DataColumnToolInput', 'ConditionalToolInput', 'RepeatToolInput', 'SectionToolInput',
    ]);
    expect(byName.reads).toMatchObject({ type: 'data', label: 'Reads', help: 'Your reads', optional: false, formats: ['fastqsanger', 'fasta'], multiple: false });
    expect(byName.samples).toMatchObject({ collectionTypes: ['list', 'paired'], formats: ['txt'] });
    expect(byName.title).toMatchObject({ defaultText: 'untitled', area: true });
    expect(byName.lines).toMatchObject({ defaultNumber: 10, min: 1, max: 100 });
    expect(byName.ratio).toMatchObject({ defaultFloat: 0.5, minFloat: 0, maxFloat: 1, optional: true });
    expect(byName.strict).toMatchObject({ checked: true, truevalue: '--strict', falsevalue: '' });
    expect(byName.column).toMatchObject({ dataRef: 'reads', numerical: false });
  });

  it("reads a select's options from its tool data table as the table is now", async () => {
    const res = await h.api.post('/graphql').send({ query: FORM });
    const genome = (res.body.data.tool.inputs as Array<Record<string, unknown>>).find((input) => input.name === 'genome');
    expect(genome).toMatchObject({ dataTable: 'testalpha', multiple: false, options: [{ label: 'data1name', value: 'data1', selected: false }, { label: 'data2name', value: 'data2', selected: false }] });
  });

  it('nests the inputs of conditionals (per case), repeats and sections', async () => {
    const res = await h.api.post('/graphql').send({ query: FORM });
    const byName = Object.fromEntries((res.body.data.tool.inputs as Array<Record<string, unknown>>).map((input) => [input.name, input]));
    expect(byName.mode).toMatchObject({
      label: 'Mode',
      test: { name: 'kind', options: [{ value: 'fast', selected: true }, { value: 'slow', selected: false }] },
      cases: [{ value: 'fast', inputs: [] }, { value: 'slow', inputs: [{ name: 'passes', defaultNumber: 3 }] }],
    });
    expect(byName.queries).toMatchObject({ label: 'Query', minCount: 1, maxCount: 3, defaultCount: 2, inputs: [{ name: 'term', label: 'Term' }] });
    expect(byName.advanced).toMatchObject({ label: 'Advanced options', expanded: false, inputs: [{ name: 'seed', defaultNumber: 42 }] });
  });

  it("lists the extensions a data input accepts: its formats and their subtypes (a tabular input takes bed), for the form's choices", async () => {
    const res = await h.api.post('/graphql').send({ query: '{ tool(id: "sort1") { inputs { name ... on DataToolInput { formats acceptedExtensions } } } }' });
    expect(res.body.errors).toBeUndefined();
    const input = (res.body.data.tool.inputs as Array<{ name: string; formats?: string[]; acceptedExtensions?: string[] }>).find((candidate) => candidate.formats);
    expect(input?.formats).toEqual(['tabular']);
    expect(input?.acceptedExtensions).toEqual(expect.arrayContaining(['tabular', 'bed', 'interval', 'vcf']));
    expect(input?.acceptedExtensions).not.toContain('txt');
    expect(input?.acceptedExtensions).not.toContain('fasta');
  });

  it('answers an unknown tool with the contract error', async () => {
    const res = await h.api.post('/graphql').send({ query: '{ tool(id: "no_such_tool") { inputs { name } } }' });
    expect(res.body.errors[0].extensions.status).toBe(404);
  });
});

describe('toolPanelSections: the tool panel, typed', () => {
  it('gives the sections in panel order with their tools, as the REST panel lists them', async () => {
    const res = await h.api.post('/graphql').send({ query: '{ toolPanelSections { id name tools { id name version } } }' });
    expect(res.body.errors).toBeUndefined();
    const sections = res.body.data.toolPanelSections as Array<{ id: string | null; name: string; tools: Array<{ id: string }> }>;
    const rest = (await h.api.get('/api/tools')).body as Array<{ model_class: string; id: string; name: string; elems?: Array<{ id: string }> }>;
    const restSections = rest.filter((entry) => entry.model_class === 'ToolSection');
    expect(sections.filter((section) => section.id !== null).map((section) => [section.id, section.name, section.tools.map((tool) => tool.id)])).toEqual(
      restSections.filter((section) => (section.elems ?? []).length > 0).map((section) => [section.id, section.name, (section.elems ?? []).map((tool) => tool.id)]),
    );
    // The tool of TOOL_DIRS, in no section, is listed outside the sections.
    expect(sections.filter((section) => section.id === null).flatMap((section) => section.tools.map((tool) => tool.id))).toContain('every_kind');
  });
});
