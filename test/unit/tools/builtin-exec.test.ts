import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry, buildParamState, renderCommand, resolveOutputFormats } from '../../../src/tools';
import type { DataRef, DatasetLike } from '../../../src/tools';

/** Each built-in's rendered command, run for real with bash on small files. */
const registry = new ToolRegistry();
registry.loadBuiltins();

let dir: string;
const files = new Map<string, { path: string; ext: string }>();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'builtin-tools-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function dataset(id: string, content: string, ext = 'tabular'): string {
  const path = join(dir, `dataset_${id}.dat`);
  writeFileSync(path, content);
  files.set(id, { path, ext });
  return id;
}

async function resolveDataset(ref: DataRef): Promise<DatasetLike> {
  const file = files.get(ref.id);
  if (!file) throw new Error(`unknown dataset ${ref.id}`);
  return { id: ref.id, path: file.path, ext: file.ext, name: `dataset ${ref.id}`, metadata: {} };
}

let runs = 0;

async function run(toolId: string, inputs: Record<string, unknown>): Promise<{ output: string; status: number | null; stderr: string; command: string }> {
  const tool = registry.get(toolId)!;
  const state = await buildParamState(tool, inputs, { resolveDataset });
  const outPath = join(dir, `out_${(runs += 1)}.dat`);
  const command = renderCommand(tool, state, { outputs: { out_file1: outPath } });
  const result = spawnSync('bash', ['-c', command], { cwd: dir, encoding: 'utf8' });
  const output = existsSync(outPath) ? readFileSync(outPath, 'utf8') : '';
  return { output, status: result.status, stderr: result.stderr, command };
}

const TABLE = 'chr1\t300\tgeneC\t1e2\nchr2\t20\tgeneA\t5\nchr10\t1000\tgeneB\t2.5e1\n';
const LINES = Array.from({ length: 20 }, (_, index) => `line${index + 1}\tvalue${index + 1}`).join('\n') + '\n';

describe('cat1', () => {
  it('concatenates input1 and every queries instance in order', async () => {
    const a = dataset('cat_a', 'a1\na2\n');
    const b = dataset('cat_b', 'b1\n');
    const c = dataset('cat_c', 'c1\nc2\n');
    const result = await run('cat1', { input1: a, 'queries_0|input2': b, 'queries_1|input2': { src: 'hda', id: c } });
    expect(result).toMatchObject({ status: 0, output: 'a1\na2\nb1\nc1\nc2\n' });
  });

  it('copies input1 alone when there are no queries', async () => {
    const a = dataset('cat_only', 'only\n');
    expect((await run('cat1', { input1: a })).output).toBe('only\n');
  });

  it('takes its output format from input1', async () => {
    const tool = registry.get('cat1')!;
    const state = await buildParamState(tool, { input1: dataset('cat_fmt', 'x\n', 'bed') }, { resolveDataset });
    expect(resolveOutputFormats(tool, state)).toEqual({ out_file1: 'bed' });
  });
});

describe('Cut1', () => {
  it.each<[string, string, string, string]>([
    ['tab', 'T', 'c3,c1', 'geneC\tchr1\ngeneA\tchr2\ngeneB\tchr10\n'],
    ['tab with a range', 'T', 'c2-c3', '300\tgeneC\n20\tgeneA\n1000\tgeneB\n'],
    ['tab with spaces in the list', 'T', 'c1, c4', 'chr1\t1e2\nchr2\t5\nchr10\t2.5e1\n'],
    ['tab past the last column', 'T', 'c1,c9', 'chr1\t.\nchr2\t.\nchr10\t.\n'],
  ])('cuts %s', async (_label, delimiter, columnList, expected) => {
    const input = dataset(`cut_${columnList}`, TABLE);
    const result = await run('Cut1', { input, columnList, delimiter });
    expect(result.status).toBe(0);
    expect(result.output).toBe(expected);
  });

  it.each<[string, string]>([
    ['Sp', 'a  b\tc'], ['Dt', 'a.b.c'], ['C', 'a,b,c'], ['D', 'a-b-c'], ['U', 'a_b_c'], ['P', 'a|b|c'],
  ])('splits on delimiter %s', async (delimiter, line) => {
    const input = dataset(`cut_delim_${delimiter}`, `${line}\n`);
    const result = await run('Cut1', { input, columnList: 'c3,c2', delimiter });
    expect(result.output).toBe('c\tb\n');
  });

  it('uses c1,c2 and tab by default', async () => {
    expect((await run('Cut1', { input: dataset('cut_default', TABLE) })).output).toBe('chr1\t300\nchr2\t20\nchr10\t1000\n');
  });

  it('fails like the platform when no column is valid', async () => {
    const result = await run('Cut1', { input: dataset('cut_bad', TABLE), columnList: '1,3', delimiter: 'T' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('No columns specified');
  });

  it('cannot be made to run another command through columnList', async () => {
    const marker = join(dir, 'pwned');
    const result = await run('Cut1', { input: dataset('cut_inject', TABLE), columnList: `c1'; touch ${marker}; echo '`, delimiter: 'T' });
    expect(result.command).toContain("-v cols='c1'\\''; touch ");
    expect(existsSync(marker)).toBe(false);
  });
});

describe('sort1', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['numerically descending', { column: '2', style: 'num', order: 'DESC' }, ['chr10', 'chr1', 'chr2']],
    ['numerically ascending', { column: 2, style: 'num', order: 'ASC' }, ['chr2', 'chr1', 'chr10']],
    ['general-numerically', { column: 'c4', style: 'gennum', order: 'ASC' }, ['chr2', 'chr10', 'chr1']],
    ['alphabetically ascending', { column: '1', style: 'alpha', order: 'ASC' }, ['chr1', 'chr10', 'chr2']],
    ['alphabetically descending on column 3', { column: '3', style: 'alpha', order: 'DESC' }, ['chr1', 'chr10', 'chr2']],
  ])('sorts %s', async (_label, inputs, order) => {
    const result = await run('sort1', { input: dataset('sort_in', TABLE), ...inputs });
    expect(result.status).toBe(0);
    expect(result.output.trimEnd().split('\n').map((line) => line.split('\t')[0])).toEqual(order);
  });

  it('rejects a column past the dataset metadata', async () => {
    const tool = registry.get('sort1')!;
    const resolve = async (ref: DataRef): Promise<DatasetLike> => ({ ...(await resolveDataset(ref)), metadata: { columns: 4 } });
    await expect(buildParamState(tool, { input: dataset('sort_cols', TABLE), column: 5 }, { resolveDataset: resolve })).rejects.toThrow(
      "Parameter 'column': column 5 is out of range",
    );
  });
});

describe('Show beginning1', () => {
  it('selects the first lineNum lines', async () => {
    const result = await run('Show beginning1', { input: dataset('head_in', LINES), lineNum: '3' });
    expect(result).toMatchObject({ status: 0, output: 'line1\tvalue1\nline2\tvalue2\nline3\tvalue3\n' });
  });

  it('selects 10 lines by default', async () => {
    const result = await run('Show beginning1', { input: dataset('head_default', LINES) });
    expect(result.output.split('\n').filter(Boolean)).toHaveLength(10);
  });

  it('rejects a non-integer lineNum', async () => {
    await expect(run('Show beginning1', { input: dataset('head_bad', LINES), lineNum: '3; ls' })).rejects.toThrow(
      "Parameter 'lineNum': an integer is required.",
    );
  });
});

describe('random_lines1', () => {
  const picked = (output: string) => output.trimEnd().split('\n');
  const original = LINES.trimEnd().split('\n');

  it('selects num_lines distinct lines in their original order', async () => {
    const result = await run('random_lines1', { input: dataset('rand_in', LINES), num_lines: 5 });
    expect(result.status).toBe(0);
    const lines = picked(result.output);
    expect(lines).toHaveLength(5);
    expect(new Set(lines).size).toBe(5);
    const positions = lines.map((line) => original.indexOf(line));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('is reproducible with a set seed, even one that needs quoting', async () => {
    const input = dataset('rand_seed', LINES);
    const inputs = { input, num_lines: '4', 'seed_source|seed_source_selector': 'set_seed', 'seed_source|seed': "my 'seed'" };
    const first = await run('random_lines1', inputs);
    const second = await run('random_lines1', inputs);
    expect(first.status).toBe(0);
    expect(picked(first.output)).toHaveLength(4);
    expect(second.output).toBe(first.output);
    const nested = await run('random_lines1', { input, num_lines: 4, seed_source: { seed_source_selector: 'set_seed', seed: "my 'seed'" } });
    expect(nested.output).toBe(first.output);
  });

  it('returns every line when asked for more than there are', async () => {
    const result = await run('random_lines1', { input: dataset('rand_small', 'x\ny\n'), num_lines: 5 });
    expect(result.output).toBe('x\ny\n');
  });
});

describe('Paste1', () => {
  it.each<[string, string]>([['T', '\t'], ['Dt', '.'], ['C', ','], ['D', '-'], ['U', '_'], ['P', '|'], ['Sp', ' ']])(
    'pastes side by side with delimiter %s',
    async (delimiter, separator) => {
      const input1 = dataset('paste_a', 'a 1\na 2\na 3\n');
      const input2 = dataset('paste_b', '20\n30\n40\n');
      const result = await run('Paste1', { input1, input2, delimiter });
      expect(result.status).toBe(0);
      expect(result.output).toBe(['a 1', 'a 2', 'a 3'].map((left, index) => `${left}${separator}${20 + index * 10}`).join('\n') + '\n');
    },
  );
});

describe('upload1', () => {
  const tool = registry.get('upload1')!;

  it('accepts any file_type (the datatypes registry is checked elsewhere) and renders no command', async () => {
    const state = await buildParamState(tool, { file_type: 'some_new_format', 'files_0|url_paste': 'a b c', dbkey: 'hg19' }, { resolveDataset });
    expect(state.file_type).toEqual({ type: 'select', multiple: false, values: ['some_new_format'] });
    expect(renderCommand(tool, state, { outputs: { output0: '/x' } })).toBe('');
  });

  it('defaults to auto, one files instance, posix lines and dbkey ?', async () => {
    const state = await buildParamState(tool, {}, { resolveDataset });
    expect(state.file_type).toEqual({ type: 'select', multiple: false, values: ['auto'] });
    expect(state.dbkey).toEqual({ type: 'text', value: '?' });
    expect(state.files).toEqual({
      type: 'repeat',
      instances: [{
        file_data: { type: 'file', value: null },
        url_paste: { type: 'text', value: '' },
        space_to_tab: { type: 'select', multiple: true, values: [] },
        to_posix_lines: { type: 'select', multiple: true, values: ['Yes'] },
      }],
    });
  });

  it('passes upload slot values through untouched', async () => {
    const upload = { filename: 'reads.fq', local_filename: '/tmp/upload_1' };
    const state = await buildParamState(tool, { 'files_0|file_data': upload, 'files_0|space_to_tab': 'Yes' }, { resolveDataset });
    expect(state.files).toMatchObject({ instances: [{ file_data: { type: 'file', value: upload }, space_to_tab: { values: ['Yes'] } }] });
  });
});
