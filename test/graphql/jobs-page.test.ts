import { decoded, sql } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

type Page = { edges: Array<{ cursor: string; node: { id: string; state: string; toolId: string } }>; pageInfo: { hasNextPage: boolean; endCursor: string | null }; totalCount: number };

const PAGE = `query ($first: Int!, $after: String, $states: [String!], $min: String, $max: String) {
  jobsPage(first: $first, after: $after, states: $states, dateRangeMin: $min, dateRangeMax: $max) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { id state toolId } }
  }
}`;

const gql = (key: string, variables: Record<string, unknown>) => h.api.post('/graphql').set('x-api-key', key).send({ query: PAGE, variables });

async function page(key: string, variables: Record<string, unknown>): Promise<{ page: Page; queries: number }> {
  const res = await gql(key, variables);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return { page: res.body.data.jobsPage as Page, queries: h.queriesOf(res) };
}

/** Every page of `size` joined up, with the total each page gave. */
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
  const res = await h.api.get(`/api/jobs?${query}`).set('x-api-key', key);
  expect(res.status).toBe(200);
  return (res.body as Array<{ id: string }>).map((job) => job.id);
};

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  // Alice: 25 jobs over 25 days, five of them sharing one update time (ties broken by id); Bob: 5.
  await sql(
    h,
    `insert into job (create_time, update_time, user_id, tool_id, tool_version, state, params, stdout, stderr, attempts)
     select t, t, ?, case when g % 2 = 0 then 'cat1' else 'sort1' end, '1.0.0', case when g % 3 = 0 then 'error' else 'ok' end, '{}'::jsonb, '', '', 0
     from generate_series(1, 25) g cross join lateral (select timestamptz '2026-01-01 12:00:00.123456+00' + (case when g <= 5 then 0 else g end) * interval '1 day' as t) at`,
    [decoded(h, alice.id)],
  );
  await sql(
    h,
    `insert into job (create_time, update_time, user_id, tool_id, tool_version, state, params, stdout, stderr, attempts)
     select now(), timestamptz '2026-01-03 08:00:00+00' + g * interval '1 hour', ?, 'cat1', '1.0.0', 'ok', '{}'::jsonb, '', '', 0 from generate_series(1, 5) g`,
    [decoded(h, bob.id)],
  );
  await h.warmKeys(alice.key, bob.key, h.admin.key);
});
afterAll(() => h.close());

describe('jobsPage: the job listing page by page', () => {
  it("joins up to the caller's whole listing, in the REST listing's order, with the total on every page", async () => {
    const walked = await walk(alice.key, 4);
    expect(walked.pages).toBe(7);
    expect(walked.totals.every((total) => total === 25)).toBe(true);
    expect(walked.ids).toEqual(await restIds(alice.key, ''));
    expect(new Set(walked.ids).size).toBe(25);
  });

  it('gives an administrator every job, filtered as the listing is (state, update time range)', async () => {
    const all = await walk(h.admin.key, 7);
    expect(all.ids).toHaveLength(30);
    expect(all.ids).toEqual(await restIds(h.admin.key, ''));
    const filtered = await walk(h.admin.key, 2, { states: ['ok'], min: '2026-01-01', max: '2026-01-10' });
    expect(filtered.ids).toEqual(await restIds(h.admin.key, 'state=ok&date_range_min=2026-01-01&date_range_max=2026-01-10'));
    expect(filtered.ids.length).toBeGreaterThan(5);
    expect(filtered.totals[0]).toBe(filtered.ids.length);
  });

  it('continues after any edge of a page, and gives an empty page after the last', async () => {
    const { page: first } = await page(alice.key, { first: 6 });
    const { page: rest } = await page(alice.key, { first: 100, after: first.edges[3].cursor });
    const all = await restIds(alice.key, '');
    expect(rest.edges.map((edge) => edge.node.id)).toEqual(all.slice(4));
    const { page: last } = await page(alice.key, { first: 100, after: rest.pageInfo.endCursor });
    expect(last).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: rest.pageInfo.endCursor }, totalCount: 25 });
  });

  it('costs the same statements for the first page, a later one and a large one', async () => {
    const { page: start, queries: first } = await page(alice.key, { first: 3 });
    const { queries: later } = await page(alice.key, { first: 3, after: start.pageInfo.endCursor });
    const { page: whole, queries: large } = await page(alice.key, { first: 100 });
    expect(whole.edges).toHaveLength(25);
    expect(later).toBe(first);
    expect(large).toBe(first);
  });

  it('refuses a cursor or a size it cannot read as invalid input', async () => {
    const bad = await gql(alice.key, { first: 5, after: 'not-a-cursor' });
    expect(bad.body.errors[0]).toMatchObject({ message: 'Invalid cursor: not-a-cursor', extensions: { status: 400 } });
    for (const text of ['2026-02-31 00:00:00+00|5', '2026-01-01 25:00:00+00|5', '2026-01-01 00:00:00+00|99999999999', "x'; drop table job; --|1"]) {
      const res = await gql(alice.key, { first: 5, after: Buffer.from(text).toString('base64url') });
      expect(res.body.errors[0]).toMatchObject({ extensions: { status: 400, code: 'RequestParameterInvalidException' } });
    }
    const tooMany = await gql(alice.key, { first: 5000 });
    expect(tooMany.body.errors[0]).toMatchObject({ message: 'first must be a whole number from 0 to 1000', extensions: { status: 400 } });
  });
});
