import { createLibrary, createRole, type LibraryRef, seedFolder } from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

let h: TestPlatform;
let holder: TestUser;
let other: TestUser;
let library: LibraryRef;
let big: LibraryRef;

type Edge = { cursor: string; node: { id: string; type: string; name: string } };
type Page = { edges: Edge[]; pageInfo: { hasNextPage: boolean; endCursor: string | null }; totalCount: number };

const PAGE = `query ($libraryId: ID!, $first: Int!, $after: String) {
  libraryContentsPage(libraryId: $libraryId, first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { id type name } }
  }
}`;

const gql = (key: string | undefined, variables: Record<string, unknown>) => {
  const req = h.api.post('/graphql').send({ query: PAGE, variables });
  return key ? req.set('x-api-key', key) : req;
};

async function page(key: string, variables: Record<string, unknown>): Promise<{ page: Page; queries: number }> {
  const res = await gql(key, variables);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return { page: res.body.data.libraryContentsPage as Page, queries: h.queriesOf(res) };
}

async function walk(key: string, libraryId: string, size: number): Promise<{ entries: Array<{ id: string; type: string; name: string }>; pages: Page[] }> {
  const pages: Page[] = [];
  let after: string | null = null;
  for (;;) {
    const { page: current } = await page(key, { libraryId, first: size, after });
    pages.push(current);
    if (!current.pageInfo.hasNextPage) break;
    after = current.pageInfo.endCursor;
  }
  return { entries: pages.flatMap((current) => current.edges.map((edge) => edge.node)), pages };
}

/** The REST listing without its urls, for comparison. */
async function listed(key: string, libraryId: string): Promise<Array<{ id: string; type: string; name: string }>> {
  const res = await h.api.get(`/api/libraries/${libraryId}/contents`).query({ key });
  expect(res.status).toBe(200);
  return (res.body as Array<{ id: string; type: string; name: string }>).map(({ id, type, name }) => ({ id, type, name }));
}

beforeAll(async () => {
  h = await startTestPlatform();
  holder = await h.newUser('holder');
  other = await h.newUser('other');
  await createRole(h, 'insiders', { users: [holder] });
  library = await createLibrary(h, 'Walked');
  // 3 subfolders of 4 datasets, each with a nested folder of one; 4 datasets in the root; every second restricted.
  await seedFolder(h, library.root_folder_id, { folders: 3, datasetsPerFolder: 4, restrictTo: 'insiders' });
  big = await createLibrary(h, 'Big walk');
  await seedFolder(h, big.root_folder_id, { folders: 2, datasetsPerFolder: 300, restrictTo: 'insiders' });
  await h.warmKeys(holder.key, other.key);
}, patient(60000));
afterAll(() => h.close());

describe('libraryContentsPage: a library from / down, page by page', () => {
  it.each([1, 3, 7, 100])('joins up to the REST listing for a role holder in pages of %i, with a total on every page', async (size) => {
    const whole = await listed(holder.key, library.id);
    const { entries, pages } = await walk(holder.key, library.id, size);
    expect(entries).toEqual(whole);
    expect(whole).toHaveLength(1 + 6 + 3 * 5 + 4);
    expect(pages.every((current) => current.totalCount === whole.length)).toBe(true);
    expect(pages[pages.length - 1].pageInfo.hasNextPage).toBe(false);
  });

  it("hides a restricted dataset from a caller without its role, as the REST listing does, and an empty page after the last", async () => {
    const whole = await listed(other.key, library.id);
    const { entries, pages } = await walk(other.key, library.id, 4);
    expect(entries).toEqual(whole);
    const forHolder = await listed(holder.key, library.id);
    const hidden = forHolder.filter((entry) => !whole.some((seen) => seen.id === entry.id));
    // Restricted datasets, and the nested folders holding nothing else (a folder shows when it holds something the caller may see).
    expect(hidden.filter((entry) => entry.type === 'file')).toHaveLength(9);
    expect(hidden.every((entry) => entry.type === 'file' || entry.name.includes('/nested '))).toBe(true);
    const last = pages[pages.length - 1].pageInfo.endCursor;
    const { page: after } = await page(other.key, { libraryId: library.id, first: 10, after: last });
    expect(after).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: last }, totalCount: whole.length });
  });

  it('costs the same statements for a first page and a page deep in a bigger library', async () => {
    const first = await page(holder.key, { libraryId: big.id, first: 10 });
    const { page: whole } = await page(holder.key, { libraryId: big.id, first: 1000 });
    expect(whole.totalCount).toBe(1 + 2 * 2 + 2 * 301 + 300);
    const deep = await page(holder.key, { libraryId: big.id, first: 10, after: whole.edges[500].cursor });
    expect(deep.page.edges.map((edge) => edge.node.id)).toEqual(whole.edges.slice(501, 511).map((edge) => edge.node.id));
    const small = await page(holder.key, { libraryId: library.id, first: 10 });
    expect(deep.queries).toBe(first.queries);
    expect(small.queries).toBe(first.queries);
  });

  it('refuses a cursor it cannot read, a page size out of bounds and an anonymous caller', async () => {
    const bad = await gql(holder.key, { libraryId: library.id, first: 5, after: 'not-a-cursor' });
    expect(bad.body.errors[0]).toMatchObject({ message: 'Invalid cursor: not-a-cursor', extensions: { code: 'RequestParameterInvalidException', status: 400 } });
    const unknownFolder = Buffer.from(JSON.stringify(['f', 999999])).toString('base64url');
    expect((await gql(holder.key, { libraryId: library.id, first: 5, after: unknownFolder })).body.errors[0].extensions.status).toBe(400);
    expect((await gql(holder.key, { libraryId: library.id, first: 5000 })).body.errors[0].extensions.status).toBe(400);
    expect((await gql(undefined, { libraryId: library.id, first: 5 })).body.errors[0].extensions.status).toBe(403);
  });
});
