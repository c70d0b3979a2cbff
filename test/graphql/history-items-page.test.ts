import { createHistory, waitForJob } from '../support/data-helpers';
import { decoded } from '../support/job-helpers';
import { seedLargeHistory } from '../support/large-history';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let historyId: string;

type Edge = { cursor: string; node: { __typename: string; hid: number; name: string; state?: string } };
type Page = { edges: Edge[]; pageInfo: { hasNextPage: boolean; endCursor: string | null }; totalCount: number };

const PAGE = `query ($historyId: ID!, $first: Int!, $after: String, $visible: Boolean, $newestFirst: Boolean) {
  historyItemsPage(historyId: $historyId, first: $first, after: $after, visible: $visible, newestFirst: $newestFirst) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { __typename ... on HistoryContent { hid name state } ... on HistoryDatasetCollection { hid name } } }
  }
}`;

const gql = (key: string | undefined, query: string, variables: Record<string, unknown>) => {
  const req = h.api.post('/graphql').send({ query, variables });
  return key ? req.set('x-api-key', key) : req;
};

async function page(key: string | undefined, variables: Record<string, unknown>): Promise<{ page: Page; queries: number }> {
  const res = await gql(key, PAGE, { historyId, ...variables });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return { page: res.body.data.historyItemsPage as Page, queries: h.queriesOf(res) };
}

/** One upload job of `count` pasted datasets. */
async function addDatasets(count: number, from: number): Promise<string[]> {
  const inputs: Record<string, unknown> = { file_type: 'txt' };
  for (let i = 0; i < count; i += 1) {
    inputs[`files_${i}|url_paste`] = `dataset ${from + i}\n`;
    inputs[`files_${i}|type`] = 'upload_dataset';
    inputs[`files_${i}|NAME`] = `d${from + i}`;
  }
  const res = await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'upload1', history_id: historyId, inputs });
  expect(res.status).toBe(200);
  await waitForJob(h, alice.key, res.body.jobs[0].id);
  return (res.body.outputs as Array<{ id: string }>).map((output) => output.id);
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  historyId = await createHistory(h, alice.key, 'paged');
  const first = await addDatasets(4, 1);
  // A collection (hid 5) between the datasets, then six more datasets (hids 6-11).
  const list = await h.api.post(`/api/histories/${historyId}/contents`).query({ key: alice.key }).send({
    type: 'dataset_collection',
    collection_type: 'list',
    name: 'pair of reads',
    element_identifiers: first.slice(0, 2).map((id, index) => ({ name: `e${index}`, src: 'hda', id })),
  });
  expect(list.status).toBe(200);
  await addDatasets(6, 5);
  await h.api.put(`/api/histories/${historyId}/contents/${first[3]}`).query({ key: alice.key }).send({ visible: false });
  await h.warmKeys(alice.key, bob.key);
});
afterAll(() => h.close());

describe('historyItemsPage: a history by hid, page by page', () => {
  it('walks every item once, datasets and collections together by hid, with a total on every page', async () => {
    const seen: number[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const { page: current } = await page(alice.key, { first: 4, after });
      expect(current.totalCount).toBe(11);
      seen.push(...current.edges.map((edge) => edge.node.hid));
      pages += 1;
      if (!current.pageInfo.hasNextPage) break;
      after = current.pageInfo.endCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const { page: whole } = await page(alice.key, { first: 100 });
    expect(whole.edges.find((edge) => edge.node.hid === 5)?.node).toEqual({ __typename: 'HistoryDatasetCollection', hid: 5, name: 'pair of reads' });
    expect(whole.edges[0].node).toEqual({ __typename: 'HistoryContent', hid: 1, name: 'd1', state: 'ok' });
  });

  it('continues after any edge of a page, and an empty page after the last one', async () => {
    const { page: first } = await page(alice.key, { first: 6 });
    const { page: rest } = await page(alice.key, { first: 100, after: first.edges[2].cursor });
    expect(rest.edges.map((edge) => edge.node.hid)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    const { page: last } = await page(alice.key, { first: 100, after: rest.pageInfo.endCursor });
    expect(last).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: rest.pageInfo.endCursor }, totalCount: 11 });
  });

  it('reads the fields a named fragment on the HistoryItem union asks for (a queued dataset too)', async () => {
    const query = `query ($historyId: ID!) {
      historyItemsPage(historyId: $historyId, first: 100) { edges { node { ...Item } } }
    }
    fragment Item on HistoryItem { __typename ... on HistoryContent { hid genomeBuild fileSize extension } ... on HistoryDatasetCollection { hid collectionType } }`;
    const res = await gql(alice.key, query, { historyId });
    expect(res.body.errors).toBeUndefined();
    const nodes = (res.body.data.historyItemsPage.edges as Array<{ node: Record<string, unknown> }>).map((edge) => edge.node);
    expect(nodes[0]).toMatchObject({ __typename: 'HistoryContent', hid: 1, genomeBuild: '?', extension: 'txt' });
    expect(typeof nodes[0].fileSize).toBe('number');
    expect(nodes.find((node) => node.hid === 5)).toEqual({ __typename: 'HistoryDatasetCollection', hid: 5, collectionType: 'list' });
  });

  it('walks newest first too (the history panel’s order), page by page', async () => {
    const { page: first } = await page(alice.key, { first: 5, newestFirst: true });
    expect(first.edges.map((edge) => edge.node.hid)).toEqual([11, 10, 9, 8, 7]);
    const { page: second } = await page(alice.key, { first: 5, newestFirst: true, after: first.pageInfo.endCursor });
    expect(second.edges.map((edge) => edge.node.hid)).toEqual([6, 5, 4, 3, 2]);
    const { page: last } = await page(alice.key, { first: 5, newestFirst: true, after: second.pageInfo.endCursor });
    expect(last.edges.map((edge) => edge.node.hid)).toEqual([1]);
    expect(last.pageInfo.hasNextPage).toBe(false);
  });

  it('filters as the contents listing does (visible: false only the hidden dataset)', async () => {
    const { page: hidden } = await page(alice.key, { first: 10, visible: false });
    expect(hidden.edges.map((edge) => edge.node.hid)).toEqual([4]);
    expect(hidden.totalCount).toBe(1);
  });

  it('costs the same number of SQL statements for the first page and a later one, small or large', async () => {
    const { page: start } = await page(alice.key, { first: 3 });
    const { page: later, queries: small } = await page(alice.key, { first: 3, after: start.pageInfo.endCursor });
    expect(later.edges.map((edge) => edge.node.hid)).toEqual([4, 5, 6]);
    const { page: whole, queries: large } = await page(alice.key, { first: 100 });
    expect(whole.edges).toHaveLength(11);
    expect(large).toBe(small);
  });

  it('reaches the end of a 10,000-dataset history with the same statements as its first page', async () => {
    const large = await createHistory(h, alice.key, 'large');
    await seedLargeHistory(h, decoded(h, large), 10_000);
    const first = await gql(alice.key, PAGE, { historyId: large, first: 100 });
    const startPage = first.body.data.historyItemsPage as Page;
    expect(startPage.totalCount).toBe(10_000);
    expect(startPage.edges[0].node).toMatchObject({ hid: 1, name: 'dataset 1', state: 'ok' });
    // The cursor after hid 9,900 (a dataset's cursor is its hid and kind).
    const after = Buffer.from('9900:0').toString('base64url');
    const last = await gql(alice.key, PAGE, { historyId: large, first: 100, after });
    const lastPage = last.body.data.historyItemsPage as Page;
    expect(lastPage.edges.map((edge) => edge.node.hid)).toEqual(Array.from({ length: 100 }, (_, index) => 9901 + index));
    expect(lastPage.pageInfo.hasNextPage).toBe(false);
    expect(h.queriesOf(last)).toBe(h.queriesOf(first));
  });

  it("refuses another user's private history, anonymous callers too, and a cursor or size it cannot read", async () => {
    const asBob = await gql(bob.key, PAGE, { historyId, first: 5 });
    expect(asBob.body.errors[0].extensions.code).toBe('ItemAccessibilityException');
    const anonymous = await gql(undefined, PAGE, { historyId, first: 5 });
    expect(anonymous.body.errors[0].extensions.code).toBe('ItemAccessibilityException');
    const badCursor = await gql(alice.key, PAGE, { historyId, first: 5, after: 'not-a-cursor' });
    expect(badCursor.body.errors[0]).toMatchObject({ message: 'Invalid cursor: not-a-cursor', extensions: { status: 400 } });
    const huge = Buffer.from('99999999999:0').toString('base64url');
    expect((await gql(alice.key, PAGE, { historyId, first: 5, after: huge })).body.errors[0].extensions.status).toBe(400);
    const tooMany = await gql(alice.key, PAGE, { historyId, first: 5000 });
    expect(tooMany.body.errors[0]).toMatchObject({ message: 'first must be a whole number from 0 to 1000', extensions: { status: 400 } });
  });
});
