import { decoded, sql } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

type Page = {
  edges: Array<{ cursor: string; node: { id: string; name: string; deleted: boolean; count?: number } }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
};

const PAGE = `query ($first: Int!, $after: String, $deleted: Boolean) {
  historiesPage(first: $first, after: $after, deleted: $deleted) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { id name deleted } }
  }
}`;

const gql = (key: string | undefined, variables: Record<string, unknown>, query = PAGE) => {
  const req = h.api.post('/graphql').send({ query, variables });
  return key ? req.set('x-api-key', key) : req;
};

async function page(key: string, variables: Record<string, unknown>): Promise<{ page: Page; queries: number }> {
  const res = await gql(key, variables);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return { page: res.body.data.historiesPage as Page, queries: h.queriesOf(res) };
}

async function walk(key: string, size: number, variables: Record<string, unknown> = {}): Promise<{ ids: string[]; totals: number[]; pages: number }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let after: string | null = null;
  let pages = 0;
  for (;;) {
    const { page: current } = await page(key, { first: size, after, ...variables });
    ids.push(...current.edges.map((edge) => edge.node.id));
    totals.push(current.totalCount);
    pages += 1;
    if (!current.pageInfo.hasNextPage) return { ids, totals, pages };
    after = current.pageInfo.endCursor;
  }
}

const restIds = async (key: string, query: string) => {
  const res = await h.api.get(`/api/histories?${query}`).set('x-api-key', key);
  expect(res.status).toBe(200);
  return (res.body as Array<{ id: string }>).map((history) => history.id);
};

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  // Alice: 23 histories, four created at one instant (ties broken by id), every fifth deleted; Bob: 3.
  await sql(
    h,
    `insert into history (create_time, update_time, user_id, name, hid_counter, deleted, purged, importable, published)
     select timestamptz '2026-03-01 10:00:00.654321+00' + (case when g <= 4 then 0 else g end) * interval '1 hour', now(), ?, 'history ' || g, 1, g % 5 = 0, false, false, false
     from generate_series(1, 23) g`,
    [decoded(h, alice.id)],
  );
  await sql(
    h,
    `insert into history (create_time, update_time, user_id, name, hid_counter, deleted, purged, importable, published)
     select now(), now(), ?, 'theirs ' || g, 1, false, false, false, false from generate_series(1, 3) g`,
    [decoded(h, bob.id)],
  );
  await h.warmKeys(alice.key, bob.key);
});
afterAll(() => h.close());

describe('historiesPage: the histories index page by page', () => {
  it("joins up to the index's whole list (not deleted, newest first), with the total on every page", async () => {
    const walked = await walk(alice.key, 5);
    expect(walked.ids).toEqual(await restIds(alice.key, ''));
    expect(walked.ids).toHaveLength(19);
    expect(walked.pages).toBe(4);
    expect(walked.totals.every((total) => total === 19)).toBe(true);
  });

  it('pages the deleted ones alone (deleted: true), or all of them (deleted: null) as the index does', async () => {
    const deleted = await walk(alice.key, 2, { deleted: true });
    expect(deleted.ids).toEqual(await restIds(alice.key, 'q=deleted&qv=True'));
    expect(deleted.ids).toHaveLength(4);
    const all = await walk(alice.key, 6, { deleted: null });
    expect(all.ids).toEqual(await restIds(alice.key, 'q=deleted&qv=None'));
    expect(all.ids).toHaveLength(23);
    expect(all.totals[0]).toBe(23);
  });

  it('reads what the nodes ask for (tags, contents counts) in the same statements on every page', async () => {
    const query = `query ($first: Int!, $after: String) { historiesPage(first: $first, after: $after) { edges { cursor node { name tags count } } pageInfo { endCursor } } }`;
    const first = await gql(alice.key, { first: 3 }, query);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.historiesPage.edges[0].node).toEqual({ name: 'history 23', tags: [], count: 0 });
    const later = await gql(alice.key, { first: 3, after: first.body.data.historiesPage.pageInfo.endCursor }, query);
    expect(h.queriesOf(later)).toBe(h.queriesOf(first));
  });

  it('costs the same statements for the first page, a later one and a large one', async () => {
    const { page: start, queries: first } = await page(alice.key, { first: 3 });
    const { queries: later } = await page(alice.key, { first: 3, after: start.pageInfo.endCursor });
    const { page: whole, queries: large } = await page(alice.key, { first: 100 });
    expect(whole.edges).toHaveLength(19);
    expect(later).toBe(first);
    expect(large).toBe(first);
  });

  it('refuses anonymous callers, and a cursor or size it cannot read, as contract errors', async () => {
    const anonymous = await gql(undefined, { first: 5 });
    expect(anonymous.body.errors[0].extensions.status).toBeGreaterThanOrEqual(400);
    expect(anonymous.body.errors[0].extensions.status).toBeLessThan(500);
    const bad = await gql(alice.key, { first: 5, after: 'bm90IGEgY3Vyc29y' });
    expect(bad.body.errors[0]).toMatchObject({ message: 'Invalid cursor: bm90IGEgY3Vyc29y', extensions: { status: 400 } });
    const tooMany = await gql(alice.key, { first: -1 });
    expect(tooMany.body.errors[0]).toMatchObject({ message: 'first must be a whole number from 0 to 1000', extensions: { status: 400 } });
  });
});
