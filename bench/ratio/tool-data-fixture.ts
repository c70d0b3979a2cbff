import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The table the show target reads: `rows` genomes (value, dbkey, name, path). */
export const BENCH_TOOL_DATA_TABLE = 'bench_fasta';

/**
 * Tool data tables for the benchmark, written into `dir`: `bench_fasta` with `rows` entries and as
 * many small tables (10 entries each) as the platform's sample configuration lists (14 tables in all).
 * Answers TOOL_DATA_TABLE_CONFIG and TOOL_DATA_PATH for the service and the baseline alike.
 */
export function writeBenchToolData(dir: string, rows: number): Record<string, string> {
  mkdirSync(dir, { recursive: true });
  const entries = (table: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${table}_${i}\tdb${i % 50}\t${table} genome ${i}\t/data/genomes/${table}/${i}/seq.fa`).join('\n') + '\n';
  const names = [BENCH_TOOL_DATA_TABLE, ...Array.from({ length: 13 }, (_, i) => `bench_index_${i + 1}`)];
  const tables = names.map((name) => {
    writeFileSync(join(dir, `${name}.loc`), `# ${name}: value, dbkey, name, path\n${entries(name, name === BENCH_TOOL_DATA_TABLE ? rows : 10)}`);
    return `  <table name="${name}" comment_char="#">\n    <columns>value, dbkey, name, path</columns>\n    <file path="tool-data/${name}.loc" />\n  </table>`;
  });
  const configFile = join(dir, 'tool_data_table_conf.xml');
  writeFileSync(configFile, `<tables>\n${tables.join('\n')}\n</tables>\n`);
  return { TOOL_DATA_TABLE_CONFIG: configFile, TOOL_DATA_PATH: dir };
}
