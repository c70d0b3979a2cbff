import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry, listToolDicts, panelSections, parseToolXml, toolDict } from '../../../src/tools';

describe('ToolRegistry built-ins', () => {
  const registry = new ToolRegistry();
  const loaded = registry.loadBuiltins();

  it('loads and lists every built-in', () => {
    expect(loaded).toHaveLength(7);
    expect(registry.list().map((tool) => tool.id)).toEqual(['upload1', 'cat1', 'Cut1', 'Paste1', 'sort1', 'Show beginning1', 'random_lines1']);
    expect(registry.get('Show beginning1')?.name).toBe('Select first');
    expect(registry.get('nope')).toBeUndefined();
  });

  it('places them in the platform panel sections', () => {
    expect(registry.sectionOf('upload1')).toEqual({ id: 'getext', name: 'Get Data' });
    expect(registry.sectionOf('Cut1')).toEqual({ id: 'textutil', name: 'Text Manipulation' });
    expect(registry.sectionOf('random_lines1')).toEqual({ id: 'filter', name: 'Filter and Sort' });
    expect(registry.sectionOf('nope')).toBeNull();
  });

  it('lists the panel (GET /api/tools?in_panel=true)', () => {
    const panel = panelSections(registry);
    expect(panel.map((entry) => [entry.model_class, entry.id, entry.model_class === 'ToolSection' ? entry.elems.map((tool) => tool.id) : []])).toEqual([
      ['ToolSection', 'getext', ['upload1']],
      ['ToolSection', 'textutil', ['cat1', 'Cut1', 'Paste1']],
      ['ToolSection', 'filter', ['sort1', 'Show beginning1', 'random_lines1']],
    ]);
    expect(panel[1]).toMatchObject({ model_class: 'ToolSection', id: 'textutil', name: 'Text Manipulation', version: '' });
    expect(listToolDicts(registry).map((tool) => tool.id)).toEqual(registry.list().map((tool) => tool.id));
  });

  it('builds the platform tool dict (GET /api/tools)', () => {
    const tool = registry.get('Show beginning1')!;
    expect(toolDict(tool, { section: registry.sectionOf(tool.id) })).toEqual({
      model_class: 'Tool',
      id: 'Show beginning1',
      name: 'Select first',
      version: '1.0.0',
      description: 'lines from a dataset',
      labels: [],
      form_style: 'regular',
      link: '/tool_runner?tool_id=Show+beginning1',
      min_width: -1,
      target: 'galaxy_main',
      panel_section_id: 'filter',
      panel_section_name: 'Filter and Sort',
    });
    expect(toolDict(tool)).toMatchObject({ panel_section_id: null, panel_section_name: null });
    expect(toolDict(tool, { admin: true }).config_file).toMatch(/builtin\/headWrapper\.xml$/);
  });

  it('adds inputs and outputs with io_details', () => {
    const dict = toolDict(registry.get('cat1')!, { ioDetails: true });
    expect(dict.inputs).toEqual([
      { model_class: 'DataToolParameter', name: 'input1', type: 'data', label: 'Concatenate Dataset', help: '', optional: false, extensions: ['data'], multiple: false },
      {
        model_class: 'Repeat', name: 'queries', type: 'repeat', title: 'Dataset', help: '', default: 0, min: 0, max: '__Infinity__',
        inputs: [{ model_class: 'DataToolParameter', name: 'input2', type: 'data', label: 'Select', help: '', optional: false, extensions: ['data'], multiple: false }],
      },
    ]);
    expect(dict.outputs).toEqual([{ model_class: 'ToolOutput', name: 'out_file1', format: 'input', label: null, hidden: false }]);
  });

  it('describes selects, integers, columns and conditionals', () => {
    const cut = toolDict(registry.get('Cut1')!, { ioDetails: true }).inputs!;
    expect(cut[0]).toEqual({ model_class: 'TextToolParameter', name: 'columnList', type: 'text', label: 'Cut columns', help: '', optional: false, value: 'c1,c2', area: false });
    expect(cut[1]).toMatchObject({
      model_class: 'SelectToolParameter', type: 'select', value: 'T', display: null, multiple: false, is_dynamic: false,
      options: [['Tab', 'T', false], ['Whitespace', 'Sp', false], ['Dot', 'Dt', false], ['Comma', 'C', false], ['Dash', 'D', false], ['Underscore', 'U', false], ['Pipe', 'P', false]],
    });
    const head = toolDict(registry.get('Show beginning1')!, { ioDetails: true }).inputs!;
    expect(head[0]).toMatchObject({ model_class: 'IntegerToolParameter', type: 'integer', value: '10', min: null, max: null });
    const sort = toolDict(registry.get('sort1')!, { ioDetails: true }).inputs!;
    expect(sort[1]).toMatchObject({ model_class: 'ColumnListParameter', type: 'data_column', data_ref: 'input', value: null });
    const random = toolDict(registry.get('random_lines1')!, { ioDetails: true }).inputs!;
    expect(random[2]).toMatchObject({
      model_class: 'Conditional',
      name: 'seed_source',
      test_param: { name: 'seed_source_selector', value: 'no_seed' },
      cases: [
        { model_class: 'ConditionalWhen', value: 'no_seed', inputs: [] },
        { model_class: 'ConditionalWhen', value: 'set_seed', inputs: [{ name: 'seed', type: 'text' }] },
      ],
    });
    const upload = toolDict(registry.get('upload1')!, { ioDetails: true }).inputs!;
    expect(upload[0]).toMatchObject({ name: 'file_type', value: 'auto', is_dynamic: true });
  });
});

describe('ToolRegistry directories', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tool-dir-'));
    mkdirSync(join(dir, 'nested'));
    writeFileSync(join(dir, 'one.xml'), '<tool id="one" name="One"><description>first</description></tool>');
    writeFileSync(join(dir, 'nested', 'two.xml'), '<!-- <tool> in a comment --><tool id="two" name="Two" hidden="true"/>');
    writeFileSync(join(dir, 'macros.xml'), '<macros><xml name="m"/></macros>');
    writeFileSync(join(dir, 'broken.xml'), '<tool id="broken"><inputs></tool>');
    writeFileSync(join(dir, 'notes.txt'), 'not xml');
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads tools recursively, skipping non-tool XML and reporting broken files', () => {
    const registry = new ToolRegistry();
    const report = registry.loadDirectory(dir, { section: { id: 'mine', name: 'My Tools' } });
    expect(report.loaded.map((tool) => tool.id)).toEqual(['one', 'two']);
    expect(report.errors).toEqual([{ file: join(dir, 'broken.xml'), message: expect.stringContaining('malformed XML') }]);
    expect(registry.get('two')?.hidden).toBe(true);
    expect(registry.sectionOf('one')).toEqual({ id: 'mine', name: 'My Tools' });
    // Hidden tools stay out of the panel.
    expect(panelSections(registry)).toEqual([
      { model_class: 'ToolSection', id: 'mine', name: 'My Tools', version: '', elems: [expect.objectContaining({ id: 'one', panel_section_id: 'mine' })] },
    ]);
  });

  it('puts tools without a section at the top level and can skip subdirectories', () => {
    const registry = new ToolRegistry();
    registry.loadBuiltins();
    const report = registry.loadDirectory(dir, { recursive: false });
    expect(report.loaded.map((tool) => tool.id)).toEqual(['one']);
    const panel = panelSections(registry);
    expect(panel.at(-1)).toMatchObject({ model_class: 'Tool', id: 'one', panel_section_id: null, description: 'first' });
  });

  it('replaces a tool with the same id, keeping its panel place', () => {
    const registry = new ToolRegistry();
    registry.loadBuiltins();
    registry.add(parseToolXml('<tool id="cat1" name="Concatenate (new)" version="2.0"/>'));
    expect(registry.get('cat1')?.version).toBe('2.0');
    expect(registry.sectionOf('cat1')).toEqual({ id: 'textutil', name: 'Text Manipulation' });
    registry.add(parseToolXml('<tool id="cat1" name="Moved"/>'), { id: 'other', name: 'Other' });
    expect(registry.sectionOf('cat1')).toEqual({ id: 'other', name: 'Other' });
    expect(panelSections(registry).map((entry) => entry.id)).toEqual(['getext', 'textutil', 'filter', 'other']);
  });
});
