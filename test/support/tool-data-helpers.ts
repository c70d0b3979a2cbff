import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The platform's test tables (test/functional/tool-data), written into a temporary directory. */
export interface ToolDataFixture {
  dir: string;
  configFile: string;
  /** `testalpha.loc` (named with `${__HERE__}` in the configuration). */
  alphaLoc: string;
  /** `testbeta.loc` (a path relative to TOOL_DATA_PATH). */
  betaLoc: string;
  /** TOOL_DATA_TABLE_CONFIG and TOOL_DATA_PATH for startTestPlatform. */
  env: Record<string, string>;
  read(path: string): string;
  append(path: string, text: string): void;
  remove(): void;
}

export const ALPHA_LOC = [
  '# The platform test table: value, name, path.',
  'data1\tdata1name\t${__HERE__}/data1/entry.txt',
  '',
  '   # an indented comment stays',
  'data2\tdata2name\t${__HERE__}/data2/entry.txt',
  '',
].join('\n');

export function toolDataFixture(): ToolDataFixture {
  const dir = mkdtempSync(join(tmpdir(), 'tool-data-'));
  const configFile = join(dir, 'tool_data_table_conf.xml');
  writeFileSync(
    configFile,
    `<tables>
  <table name="testalpha" comment_char="#">
    <columns>value, name, path</columns>
    <file path="\${__HERE__}/testalpha.loc" />
  </table>
  <table name="testbeta" comment_char="#">
    <columns>value, path</columns>
    <file path="tool-data/testbeta.loc" />
  </table>
  <table name="testmissing" comment_char="#">
    <columns>value, name</columns>
    <file path="not-there.loc" />
  </table>
</tables>
`,
  );
  const alphaLoc = join(dir, 'testalpha.loc');
  const betaLoc = join(dir, 'testbeta.loc');
  writeFileSync(alphaLoc, ALPHA_LOC);
  writeFileSync(betaLoc, 'beta1\t/somewhere/beta1.2bit\n');
  for (const [name, text] of [['data1', 'This is data 1.'], ['data2', 'This is data 2.']]) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'entry.txt'), text);
    writeFileSync(join(dir, name, 'entry.txt.index'), `index of ${name}\n`);
    // Beside the entry but not named after it: not one of the field's files.
    writeFileSync(join(dir, name, 'other.txt'), 'not a file of the field');
  }
  return {
    dir,
    configFile,
    alphaLoc,
    betaLoc,
    env: { TOOL_DATA_TABLE_CONFIG: configFile, TOOL_DATA_PATH: dir },
    read: (path) => readFileSync(path, 'utf8'),
    append: (path, text) => writeFileSync(path, text, { flag: 'a' }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A tool whose select lists the rows of `testalpha` (value and name columns given explicitly). */
export const GENOME_TOOL = `<tool id="pick_genome" name="Pick a genome" version="1.0.0">
  <command>echo $genome > $out</command>
  <inputs>
    <param name="genome" type="select" label="Genome">
      <options from_data_table="testalpha">
        <column name="value" index="0"/>
        <column name="name" index="1"/>
      </options>
    </param>
    <param name="sorted" type="select" label="Genome, sorted, without data1" optional="true">
      <options from_data_table="testalpha">
        <filter type="sort_by" column="name"/>
        <filter type="static_value" column="value" value="data1" keep="false"/>
        <filter type="add_value" value="none" name="No genome" index="0"/>
      </options>
    </param>
  </inputs>
  <outputs>
    <data name="out" format="txt"/>
  </outputs>
</tool>
`;
