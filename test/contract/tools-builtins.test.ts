import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, datasetText, runTool, uploadText, waitForJob } from '../support/data-helpers';

let h: TestPlatform;
let alice: TestUser;
let historyId: string;

const TABLE = 'chr1\t300\tgene-b\nchr2\t20\tgene-a\nchr1\t1000\tgene-c\n';
const LETTERS = 'a\nb\nc\nd\ne\nf\ng\nh\n';
let table: string;
let letters: string;
let numbers: string;
let commas: string;

async function upload(content: string, fileType: string): Promise<string> {
  const uploaded = await uploadText(h, alice.key, historyId, content, { fileType });
  expect((await waitForJob(h, alice.key, uploaded.jobId)).state).toBe('ok');
  return uploaded.datasetId;
}

/** Runs a tool through POST /api/tools and returns its finished job, its output dataset and the output's content. */
async function run(toolId: string, inputs: Record<string, unknown>) {
  const res = await runTool(h, alice.key, historyId, toolId, inputs);
  const job = await waitForJob(h, alice.key, res.jobs[0].id);
  const dataset = (await h.api.get(`/api/datasets/${res.outputs[0].id}`).query({ key: alice.key })).body;
  const content = job.state === 'ok' ? await datasetText(h, alice.key, res.outputs[0].id) : null;
  return { job, dataset, content };
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  historyId = await createHistory(h, alice.key);
  table = await upload(TABLE, 'tabular');
  letters = await upload(LETTERS, 'txt');
  numbers = await upload('1\n2\n3\n', 'txt');
  commas = await upload('x,y,z\n1,2,3\n', 'txt');
});
afterAll(() => h.close());

describe('cat1 (Concatenate datasets)', () => {
  it('concatenates the first dataset and every repeat, keeping the first format', async () => {
    const { job, dataset, content } = await run('cat1', {
      input1: { src: 'hda', id: table },
      'queries_0|input2': { src: 'hda', id: numbers },
      'queries_1|input2': { src: 'hda', id: table },
    });
    expect(job.state).toBe('ok');
    expect(content).toBe(TABLE + '1\n2\n3\n' + TABLE);
    expect(dataset.extension).toBe('tabular');
    // each input once in the name
    expect(dataset.name).toBe('Concatenate datasets on data 1 and data 3');
  });

  it('names its output after three inputs, then after the first two "and others"', async () => {
    const three = await run('cat1', { input1: { src: 'hda', id: table }, 'queries_0|input2': { src: 'hda', id: letters }, 'queries_1|input2': { src: 'hda', id: numbers } });
    expect(three.dataset.name).toBe('Concatenate datasets on data 1, data 2, and data 3');
    const four = await run('cat1', {
      input1: { src: 'hda', id: table },
      'queries_0|input2': { src: 'hda', id: letters },
      'queries_1|input2': { src: 'hda', id: numbers },
      'queries_2|input2': { src: 'hda', id: commas },
    });
    expect(four.dataset.name).toBe('Concatenate datasets on data 1, data 2, and others');
    expect(four.content).toBe(TABLE + LETTERS + '1\n2\n3\n' + 'x,y,z\n1,2,3\n');
  });

  it('copies a single dataset', async () => {
    const { content } = await run('cat1', { input1: { src: 'hda', id: letters } });
    expect(content).toBe(LETTERS);
  });
});

describe('Cut1 (Cut columns)', () => {
  it('cuts columns in the order asked, with ranges, into tabular', async () => {
    const { job, dataset, content } = await run('Cut1', { input: { src: 'hda', id: table }, columnList: 'c3,c1-c2', delimiter: 'T' });
    expect(job.state).toBe('ok');
    expect(content).toBe('gene-b\tchr1\t300\ngene-a\tchr2\t20\ngene-c\tchr1\t1000\n');
    expect(dataset.extension).toBe('tabular');
    expect(dataset.metadata_columns).toBe(3);
  });

  it('splits on commas and fills missing columns with dots', async () => {
    const { content } = await run('Cut1', { input: { src: 'hda', id: commas }, columnList: 'c2,c5', delimiter: 'C' });
    expect(content).toBe('y\t.\n2\t.\n');
  });

  it('fails when no column is named', async () => {
    const { job, dataset } = await run('Cut1', { input: { src: 'hda', id: table }, columnList: '3', delimiter: 'T' });
    expect(job.state).toBe('error');
    expect(job.stderr).toMatch(/No columns specified/);
    expect(dataset.state).toBe('error');
  });
});

describe('sort1 (Sort)', () => {
  it('sorts numerically in ascending order on a column', async () => {
    const { job, content, dataset } = await run('sort1', { input: { src: 'hda', id: table }, column: '2', order: 'ASC', style: 'num' });
    expect(job.state).toBe('ok');
    expect(content).toBe('chr2\t20\tgene-a\nchr1\t300\tgene-b\nchr1\t1000\tgene-c\n');
    expect(dataset.extension).toBe('tabular');
  });

  it('sorts alphabetically in descending order', async () => {
    const { content } = await run('sort1', { input: { src: 'hda', id: table }, column: '3', order: 'DESC', style: 'alpha' });
    expect(content).toBe('chr1\t1000\tgene-c\nchr1\t300\tgene-b\nchr2\t20\tgene-a\n');
  });

  it('sorts numbers as text with the alphabetical flavour', async () => {
    const { content } = await run('sort1', { input: { src: 'hda', id: table }, column: '2', order: 'ASC', style: 'alpha' });
    expect(content).toBe('chr1\t1000\tgene-c\nchr2\t20\tgene-a\nchr1\t300\tgene-b\n');
  });
});

describe('Show beginning1 (Select first lines)', () => {
  it('keeps the first N lines and the input format', async () => {
    const { job, content, dataset } = await run('Show beginning1', { input: { src: 'hda', id: letters }, lineNum: 3 });
    expect(job.state).toBe('ok');
    expect(content).toBe('a\nb\nc\n');
    expect(dataset.extension).toBe('txt');
    expect(dataset.misc_blurb).toBe('3 lines');
  });

  it('uses the default of 10 lines', async () => {
    const { content } = await run('Show beginning1', { input: { src: 'hda', id: letters } });
    expect(content).toBe(LETTERS);
  });
});

describe('random_lines1 (Select random lines)', () => {
  it('picks N distinct lines in their original order; a seed makes it reproducible', async () => {
    const inputs = { input: { src: 'hda', id: letters }, num_lines: 3, 'seed_source|seed_source_selector': 'set_seed', 'seed_source|seed': 'asdf' };
    const first = await run('random_lines1', inputs);
    expect(first.job.state).toBe('ok');
    const lines = (first.content as string).split('\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(new Set(lines).size).toBe(3);
    expect([...lines].sort()).toEqual(lines);
    for (const line of lines) expect(LETTERS.split('\n')).toContain(line);
    const second = await run('random_lines1', inputs);
    expect(second.content).toBe(first.content);
  });

  it('without a seed still returns the asked number of lines', async () => {
    const { content } = await run('random_lines1', { input: { src: 'hda', id: letters }, num_lines: 2 });
    expect((content as string).split('\n').filter(Boolean)).toHaveLength(2);
  });
});

describe('Paste1 (Paste side by side)', () => {
  it('pastes two datasets line by line with the chosen delimiter', async () => {
    const tab = await run('Paste1', { input1: { src: 'hda', id: numbers }, input2: { src: 'hda', id: letters }, delimiter: 'T' });
    expect(tab.job.state).toBe('ok');
    expect(tab.content).toBe('1\ta\n2\tb\n3\tc\n\td\n\te\n\tf\n\tg\n\th\n');
    expect(tab.dataset.extension).toBe('tabular');
    const comma = await run('Paste1', { input1: { src: 'hda', id: numbers }, input2: { src: 'hda', id: numbers }, delimiter: 'C' });
    expect(comma.content).toBe('1,1\n2,2\n3,3\n');
  });
});
