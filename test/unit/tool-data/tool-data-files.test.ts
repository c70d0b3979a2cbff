import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHIPPED_TOOL_DATA_CONFIG, SHIPPED_TOOL_DATA_PATH } from '../../../src/config/app-config';
import { createLogger } from '../../../src/logging/logger';
import { expandHere } from '../../../src/tool-data/here-template';
import { parseLocText, removeEntryFromLocText } from '../../../src/tool-data/loc-file';
import { parseTableConfigs, resolveLocPath } from '../../../src/tool-data/table-config';
import { buildTable } from '../../../src/tool-data/tool-data-table';
import { ToolDataTables } from '../../../src/tool-data/tool-data-tables';
import { dataTableOptions, parseToolXml, type SelectParam } from '../../../src/tools';

const reading = { separator: '\t', commentChar: '#', largestIndex: 2, here: '/loc/dir' };

describe('.loc files', () => {
  it('skips comments (after blanks too) and empty lines, expands ${__HERE__}, reports short lines', () => {
    const parsed = parseLocText('# head\n  # indented\n\na\tA\t${__HERE__}/a.fa\r\nshort\tline\nb\tB\t/b.fa\textra', reading);
    expect(parsed.rows).toEqual([
      ['a', 'A', '/loc/dir/a.fa'],
      ['b', 'B', '/b.fa', 'extra'],
    ]);
    expect(parsed.invalid).toEqual([{ line: 5, text: 'short\tline' }]);
  });

  it('removes only the lines equal to the values, keeping comments, blank lines and line ends', () => {
    const text = '# head\na\tA\t/a.fa\n\nb\tB\t${__HERE__}/b.fa\r\nc\tC\t/c.fa';
    expect(removeEntryFromLocText(text, ['b', 'B', '/loc/dir/b.fa'], reading)).toEqual({ text: '# head\na\tA\t/a.fa\n\nc\tC\t/c.fa', removed: 1 });
    expect(removeEntryFromLocText(text, ['c', 'C', '/c.fa'], reading)).toEqual({ text: '# head\na\tA\t/a.fa\n\nb\tB\t${__HERE__}/b.fa\r\n', removed: 1 });
    expect(removeEntryFromLocText(text, ['z', 'Z', '/z'], reading).removed).toBe(0);
  });

  it('expands both spellings of __HERE__ and nothing longer', () => {
    expect(expandHere('${__HERE__}/x $__HERE__/y $__HERE__z', '/h')).toBe('/h/x /h/y $__HERE__z');
  });
});

describe('tool_data_table_conf.xml', () => {
  it('reads columns from <columns> or <column> elements, adding name at the index of value', () => {
    const parsed = parseTableConfigs(
      [
        {
          path: '/conf/a.xml',
          text: `<tables>
            <table name="short" comment_char="#"><columns>value, dbkey, name, path</columns><file path="tool-data/short.loc"/></table>
            <table name="long" separator=","><column name="path" index="2"/><column name="value" index="0"/><file path="/abs/long.loc"/></table>
            <table name="nothing"><columns>dbkey, path</columns></table>
            <table name="db" type="database"><columns>value</columns></table>
            <table name="igv"><columns>name, url, value</columns><file url="http://example.org/genomes.txt"/></table>
          </tables>`,
        },
      ],
      '/tool-data',
    );
    expect(parsed.tables.map((table) => table.name)).toEqual(['short', 'long', 'igv']);
    const [short, long] = parsed.tables;
    expect([...short!.columns.byName]).toEqual([['value', 0], ['dbkey', 1], ['name', 2], ['path', 3]]);
    expect(short!.files).toEqual([{ path: '/tool-data/short.loc', separator: '\t', commentChar: '#', merged: false }]);
    expect([...long!.columns.byName]).toEqual([['path', 2], ['value', 0], ['name', 0]]);
    expect(long!.columns.largestIndex).toBe(2);
    expect(long!.files[0]).toMatchObject({ path: '/abs/long.loc', separator: ',' });
    expect(parsed.problems.map((problem) => [problem.table, problem.problem])).toEqual([
      ['nothing', "the required 'value' column is missing"],
      ['db', "table type 'database' is not supported (only 'tabular')"],
    ]);
    expect(parsed.skippedUrls).toEqual([{ table: 'igv', url: 'http://example.org/genomes.txt' }]);
  });

  it('merges a table defined twice (files added, their rows only when new); reports bad XML without failing the rest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tool-data-unit-'));
    try {
      writeFileSync(join(dir, 'one.loc'), 'a\tA\nb\tB\n');
      writeFileSync(join(dir, 'two.loc'), 'b\tB\nc\tC\nc\tC\n');
      const table = (file: string) => `<tables><table name="t"><columns>value, name</columns><file path="${file}"/></table></tables>`;
      const parsed = parseTableConfigs(
        [
          { path: join(dir, 'a.xml'), text: table('${__HERE__}/one.loc') },
          { path: join(dir, 'broken.xml'), text: '<tables><table name="x">' },
          { path: join(dir, 'b.xml'), text: table('two.loc') },
        ],
        dir,
      );
      expect(parsed.problems).toHaveLength(1);
      expect(parsed.problems[0]!.configFile).toBe(join(dir, 'broken.xml'));
      const definition = parsed.tables[0]!;
      expect(definition.files.map((file) => [file.path, file.merged])).toEqual([[join(dir, 'one.loc'), false], [join(dir, 'two.loc'), true]]);
      const built = buildTable(definition, new Map([[join(dir, 'one.loc'), 'a\tA\nb\tB\n'], [join(dir, 'two.loc'), 'b\tB\nc\tC\nc\tC\n']]));
      expect(built.rows).toEqual([['a', 'A'], ['b', 'B'], ['c', 'C']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a configuration with a document type declaration or deep nesting as a problem, reading the others', () => {
    const table = `<tables><table name="t"><columns>value, name</columns><file path="t.loc"/></table></tables>`;
    const parsed = parseTableConfigs(
      [
        { path: '/conf/entity.xml', text: '<!DOCTYPE tables [<!ENTITY x SYSTEM "file:///etc/passwd">]><tables><table name="&x;"/></tables>' },
        { path: '/conf/deep.xml', text: `<tables>${'<table>'.repeat(20000)}${'</table>'.repeat(20000)}</tables>` },
        { path: '/conf/good.xml', text: table },
      ],
      '/data',
    );
    expect(parsed.problems).toEqual([
      { configFile: '/conf/entity.xml', problem: '/conf/entity.xml: a document type declaration (<!DOCTYPE>, entities) is not accepted' },
      { configFile: '/conf/deep.xml', problem: '/conf/deep.xml: elements are nested more than 100 levels deep' },
    ]);
    expect(parsed.tables.map((definition) => definition.name)).toEqual(['t']);
  });

  it('finds a missing path by its file name in the tool data directory, as the platform does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tool-data-unit-'));
    try {
      writeFileSync(join(dir, 'moved.loc'), '');
      expect(resolveLocPath('/old/place/moved.loc', '/conf', dir)).toBe(join(dir, 'moved.loc'));
      expect(resolveLocPath('/old/place/gone.loc', '/conf', dir)).toBe('/old/place/gone.loc');
      expect(resolveLocPath('${__HERE__}/x.loc', '/conf', dir)).toBe('/conf/x.loc');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('removes temporary files an interrupted rewrite left, once they are old', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tool-data-unit-'));
    try {
      writeFileSync(join(dir, 'conf.xml'), '<tables><table name="t"><columns>value</columns><file path="t.loc"/></table></tables>');
      writeFileSync(join(dir, 't.loc'), 'a\n');
      const old = join(dir, 't.loc.tmp-0123456789ab');
      const fresh = join(dir, 't.loc.tmp-ba9876543210');
      const unrelated = join(dir, 'other.loc.tmp-0123456789ab');
      for (const path of [old, fresh, unrelated]) writeFileSync(path, 'partial');
      const hourAgo = new Date(Date.now() - 3_600_000);
      utimesSync(old, hourAgo, hourAgo);
      utimesSync(unrelated, hourAgo, hourAgo);
      const tables = new ToolDataTables({ configFiles: [join(dir, 'conf.xml')], toolDataPath: dir }, createLogger('silent'));
      expect(tables.get('t')!.rows).toEqual([['a']]);
      expect([existsSync(old), existsSync(fresh), existsSync(unrelated)]).toEqual([false, true, true]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ships the platform sample tables, listed with no entries', () => {
    const tables = new ToolDataTables({ configFiles: [SHIPPED_TOOL_DATA_CONFIG], toolDataPath: SHIPPED_TOOL_DATA_PATH }, createLogger('silent'));
    expect(tables.list().map((table) => table.name)).toEqual([
      'all_fasta', 'bfast_indexes', 'blastdb_p', 'bwa_indexes', 'bwa_indexes_color', 'indexed_maf_files', 'ngs_sim_fasta',
      'perm_base_indexes', 'perm_color_indexes', 'picard_indexes', 'srma_indexes', 'mosaik_indexes', 'twobit', 'igv_broad_genomes',
    ]);
    for (const table of tables.list()) {
      expect([table.name, table.rows]).toEqual([table.name, []]);
      expect(table.files.every((file) => file.found)).toBe(true);
    }
    expect(tables.get('all_fasta')!.columns).toEqual(['value', 'dbkey', 'name', 'path']);
    expect(tables.get('twobit')!.columnNameList).toEqual(['value', 'path']);
  });
});

describe('select options from a data table', () => {
  const tool = parseToolXml(`<tool id="t" name="t" version="1"><command>x</command><inputs>
    <param name="plain" type="select"><options from_data_table="genomes"/></param>
    <param name="mapped" type="select"><options from_data_table="genomes"><column name="value" index="1"/><column name="name" index="2"/>
      <filter type="unique_value" column="1"/><filter type="remove_value" value="hg19"/></options></param>
    <param name="split" type="select"><options from_data_table="genomes"><filter type="multiple_splitter" column="dbkey" separator="|"/><filter type="static_value" column="value" value="b"/></options></param>
  </inputs></tool>`);
  const param = (name: string) => tool.inputs.find((input) => input.name === name) as SelectParam;
  const table = {
    columns: new Map([['value', 0], ['dbkey', 1], ['name', 2]]),
    rows: [['a', 'hg19', 'Human'], ['b', 'mm10|mm9', 'Mouse'], ['c', 'mm10', 'Mouse again']],
  };

  it("uses the table's columns by default and the <column>s when given", () => {
    expect(dataTableOptions(param('plain').dynamicOptions!, table).map((option) => [option.label, option.value])).toEqual([
      ['Human', 'a'], ['Mouse', 'b'], ['Mouse again', 'c'],
    ]);
    expect(dataTableOptions(param('mapped').dynamicOptions!, table).map((option) => [option.label, option.value])).toEqual([
      ['Mouse', 'mm10|mm9'], ['Mouse again', 'mm10'],
    ]);
  });

  it('splits a column into several rows and keeps rows by a static value', () => {
    const rows = dataTableOptions(param('split').dynamicOptions!, table);
    expect(rows).toEqual([
      { label: 'Mouse', value: 'b', selected: false },
      { label: 'Mouse', value: 'b', selected: false },
    ]);
  });
});
