import { createHistory, uploadFile, uploadText, waitForJob } from '../support/data-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { tinyPng } from '../support/tiny-png';
import { patient } from '../support/patience';

/**
 * Chart data pages (issue 34, item 6): the values of chosen columns of a tabular dataset, read in
 * pages by a cursor, numbers parsed as the metadata types the columns, with the data rows counted;
 * beyond 50,000 rows an evenly spread sample; read by the rules of the dataset's display route.
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let historyId: string;

type Body = { data?: Record<string, Record<string, unknown> | null> | null; errors?: Array<{ message: string; extensions: { code: string } }> };

const gql = async (caller: TestUser | null, query: string, variables: Record<string, unknown> = {}): Promise<Body> => {
  const req = h.api.post('/graphql');
  if (caller) req.set('x-api-key', caller.key);
  return (await req.send({ query, variables })).body as Body;
};

interface ChartPage {
  rows: Array<Array<number | string | null>>;
  totalRows: number;
  sampled: boolean;
  sampleSize: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

const CHART = `query ($id: ID!, $columns: [Int!]!, $first: Int, $after: String) {
  dataset(id: $id) { chartData(columns: $columns, first: $first, after: $after) { rows totalRows sampled sampleSize pageInfo { hasNextPage endCursor } } }
}`;

const page = async (caller: TestUser | null, id: string, columns: number[], first?: number, after?: string | null): Promise<ChartPage> => {
  const body = await gql(caller, CHART, { id, columns, first, after });
  expect(body.errors).toBeUndefined();
  return body.data?.dataset?.chartData as unknown as ChartPage;
};

/** Every page, following the cursors. */
async function allPages(id: string, columns: number[], first: number): Promise<{ pages: ChartPage[]; rows: ChartPage['rows'] }> {
  const pages: ChartPage[] = [];
  let after: string | null = null;
  do {
    const next = await page(alice, id, columns, first, after);
    pages.push(next);
    after = next.pageInfo.hasNextPage ? next.pageInfo.endCursor : null;
  } while (after);
  return { pages, rows: pages.flatMap((each) => each.rows) };
}

async function uploaded(content: string, fileType: string, name: string, history = historyId): Promise<string> {
  const upload = await uploadText(h, alice.key, history, content, { fileType, name });
  expect((await waitForJob(h, alice.key, upload.jobId)).state).toBe('ok');
  return upload.datasetId;
}

const GENES = ['#gene\tcount\tratio', 'BRCA1\t3\t0.5', '', 'TP53\t5\t1.5', '# a comment', 'EGFR\tNA\t2e-1', 'MYC\t8\t'].join('\n');
let genesId: string;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('chart-alice');
  bob = await h.newUser('chart-bob');
  historyId = await createHistory(h, alice.key, 'charts');
  genesId = await uploaded(`${GENES}\n`, 'tabular', 'genes.tabular');
}, patient(120_000));
afterAll(() => h.close());

describe('the values of chosen columns, parsed by their metadata types', () => {
  it("gives the metadata's column types (the platform's guess: 'NA' makes a column float)", async () => {
    const body = await gql(alice, 'query ($id: ID!) { dataset(id: $id) { columnNames columnTypes } }', { id: genesId });
    expect(body.data?.dataset).toEqual({ columnNames: ['gene', 'count', 'ratio'], columnTypes: ['str', 'float', 'float'] });
    const ints = await uploaded('#k\tn\na\t1\nb\t2\n', 'tabular', 'ints.tabular');
    expect((await gql(alice, 'query ($id: ID!) { dataset(id: $id) { columnTypes } }', { id: ints })).data?.dataset).toEqual({ columnTypes: ['str', 'int'] });
    expect((await page(alice, ints, [2, 1])).rows).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
  });

  it('gives numbers for int and float columns, text for the others, null for empty cells and cells that are not numbers; comments and blank lines are no rows', async () => {
    expect(await page(alice, genesId, [1, 2, 3])).toEqual({
      rows: [
        ['BRCA1', 3, 0.5],
        ['TP53', 5, 1.5],
        ['EGFR', null, 0.2],
        ['MYC', 8, null],
      ],
      totalRows: 4,
      sampled: false,
      sampleSize: 4,
      pageInfo: { hasNextPage: false, endCursor: null },
    });
  });

  it('gives the columns in the order asked for, a column twice if asked twice', async () => {
    expect((await page(alice, genesId, [3, 1, 3])).rows[0]).toEqual([0.5, 'BRCA1', 0.5]);
  });

  it('reads a csv dataset by its commas, its columns counted and typed from its lines (the metadata counts tab-separated fields)', async () => {
    const id = await uploaded('x,y,label\n1,2.5,a\n3,4,b\n', 'csv', 'points.csv');
    const types = await gql(alice, 'query ($id: ID!) { dataset(id: $id) { columnCount columnTypes } }', { id });
    expect(types.data?.dataset).toEqual({ columnCount: 3, columnTypes: ['int', 'float', 'str'] });
    // The header line (no '#') is a row whose numbers are not numbers.
    expect((await page(alice, id, [1, 2, 3])).rows).toEqual([
      [null, null, 'label'],
      [1, 2.5, 'a'],
      [3, 4, 'b'],
    ]);
  });
});

describe('pages read by a cursor', () => {
  let numbersId: string;
  beforeAll(async () => {
    const lines = Array.from({ length: 12 }, (_, index) => `${index}\t${index * 10}`);
    numbersId = await uploaded(`#n\tten times\n${lines.join('\n')}\n`, 'tabular', 'numbers.tabular');
  });

  it('gives `first` rows, then the next ones after the cursor, until the last page says nothing follows', async () => {
    const { pages, rows } = await allPages(numbersId, [1, 2], 5);
    expect(pages.map((each) => each.rows.length)).toEqual([5, 5, 2]);
    expect(pages.map((each) => each.pageInfo.hasNextPage)).toEqual([true, true, false]);
    expect(pages.every((each) => each.totalRows === 12 && !each.sampled && each.sampleSize === 12)).toBe(true);
    expect(rows).toEqual(Array.from({ length: 12 }, (_, index) => [index, index * 10]));
  });

  it('ends exactly at the last row when the pages fill up', async () => {
    const { pages } = await allPages(numbersId, [1], 6);
    expect(pages.map((each) => [each.rows.length, each.pageInfo.hasNextPage])).toEqual([
      [6, true],
      [6, false],
    ]);
  });

  it('refuses a page size out of 1..5000, a column out of range, too many columns and a cursor it did not give, with clear errors', async () => {
    for (const [variables, message] of [
      [{ columns: [1], first: 0 }, 'first must be a whole number of rows from 1 to 5000'],
      [{ columns: [1], first: 5001 }, 'first must be a whole number of rows from 1 to 5000'],
      [{ columns: [0] }, 'There is no column 0: the dataset has 2 columns (numbered from 1).'],
      [{ columns: [3] }, 'There is no column 3: the dataset has 2 columns (numbered from 1).'],
      [{ columns: [] }, 'columns must name 1 to 8 columns'],
      [{ columns: [1, 1, 1, 1, 1, 1, 1, 1, 1] }, 'columns must name 1 to 8 columns'],
      [{ columns: [1], after: 'not-a-cursor' }, 'after must be the endCursor of a previous page of chart data'],
      [{ columns: [1], after: Buffer.from('{"o":-1,"r":0,"g":0,"t":1}').toString('base64url') }, 'after must be the endCursor of a previous page of chart data'],
    ] as const) {
      const body = await gql(alice, CHART, { id: numbersId, ...variables });
      expect([variables, body.errors?.[0]]).toEqual([variables, expect.objectContaining({ message, extensions: expect.objectContaining({ code: 'RequestParameterInvalidException' }) })]);
    }
  });

  it('refuses a dataset that is not tabular', async () => {
    const text = await uploaded('just words\n', 'txt', 'words.txt');
    const body = await gql(alice, CHART, { id: text, columns: [1] });
    expect(body.errors?.[0].message).toBe('The dataset is not tabular: its datatype (txt) has no columns to chart.');
    const upload = await uploadFile(h, alice.key, historyId, tinyPng(), 'dot.png', 'png');
    await waitForJob(h, alice.key, upload.jobId);
    expect((await gql(alice, CHART, { id: upload.datasetId, columns: [1] })).errors?.[0].message).toBe('The dataset is not tabular: its datatype (png) has no columns to chart.');
  });
});

describe('a dataset of more than 50,000 rows', () => {
  it('gives an evenly spread sample of 50,000 rows over the whole file and says how many rows there are', async () => {
    const total = 120_000;
    const lines = Array.from({ length: total }, (_, index) => `${index}\tg${index % 7}`);
    // Over the metadata's 100,000 lines, whose count is then unknown: the rows are counted.
    const id = await uploaded(`#row\tgroup\n${lines.join('\n')}\n`, 'tabular', 'big.tabular');
    const { pages, rows } = await allPages(id, [1, 2], 5000);
    expect(pages).toHaveLength(10);
    expect(pages.every((each) => each.totalRows === total && each.sampled && each.sampleSize === 50_000)).toBe(true);
    expect(rows).toHaveLength(50_000);
    const picked = rows.map((row) => row[0] as number);
    expect(picked.slice(0, 4)).toEqual([0, 2, 4, 7]);
    expect(picked.every((value, index) => value === Math.floor((index * total) / 50_000))).toBe(true);
    expect(picked[picked.length - 1]).toBeGreaterThan(total - 4);
    expect(rows[3][1]).toBe('g0');
  }, patient(120_000));
});

describe("who may read a dataset's chart data (the display route's rules)", () => {
  let privateId: string;
  let carol: TestUser;
  beforeAll(async () => {
    carol = await h.newUser('chart-carol');
    const shared = await createHistory(h, alice.key, 'shared chart data');
    privateId = await uploaded('#k\tv\na\t1\n', 'tabular', 'private.tabular', shared);
    expect((await h.api.put(`/api/datasets/${privateId}/permissions`).query({ key: alice.key }).send({ action: 'make_private' })).status).toBe(200);
    expect((await h.api.put(`/api/histories/${shared}/share_with_users`).query({ key: alice.key }).send({ user_ids: [bob.email] })).status).toBe(200);
  });

  it('refuses a private dataset to an anonymous caller, another user and a user its history is shared with', async () => {
    for (const caller of [null, carol, bob]) {
      const body = await gql(caller, CHART, { id: privateId, columns: [1, 2] });
      expect(body.errors?.[0].extensions.code).toBe('ItemAccessibilityException');
      const types = await gql(caller, 'query ($id: ID!) { dataset(id: $id) { columnTypes } }', { id: privateId });
      expect(types.errors?.[0].extensions.code).toBe('ItemAccessibilityException');
    }
  });

  it('gives it to its owner and to an administrator', async () => {
    for (const caller of [alice, h.admin]) expect((await page(caller, privateId, [1, 2])).rows).toEqual([['a', 1]]);
  });

  it('gives a dataset without access roles (public, the default) to anyone who has its id, anonymous included', async () => {
    for (const caller of [null, carol]) expect((await page(caller, genesId, [2])).rows).toEqual([[3], [5], [null], [8]]);
  });
});
