import { createLibrary, createRole, type LibraryRef, seedFolder } from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

let h: TestPlatform;
let holder: TestUser;
let other: TestUser;
let library: LibraryRef;
let big: LibraryRef;

type Edge = { cursor: string; node: { id: string; type: string; name: string; isUnrestricted: boolean | null; canManage: boolean } };
type Page = { edges: Edge[]; pageInfo: { hasNextPage: boolean; endCursor: string | null }; totalCount: number };

const PAGE = `query ($id: ID!, $first: Int!, $after: String, $includeDeleted: Boolean) {
  folderContentsPage(id: $id, first: $first, after: $after, includeDeleted: $includeDeleted) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { id type name isUnrestricted canManage } }
  }
}`;

const gql = (key: string | undefined, variables: Record<string, unknown>) => {
  const req = h.api.post('/graphql').send({ query: PAGE, variables });
  return key ? req.set('x-api-key', key) : req;
};

async function page(key: string | undefined, variables: Record<string, unknown>): Promise<{ page: Page; queries: number }> {
  const res = await gql(key, variables);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return { page: res.body.data.folderContentsPage as Page, queries: h.queriesOf(res) };
}

/** Every page of `size` from the start, joined. */
async function walk(key: string | undefined, folderId: string, size: number): Promise<{ ids: string[]; pages: Page[] }> {
  const pages: Page[] = [];
  let after: string | null = null;
  for (;;) {
    const { page: current } = await page(key, { id: folderId, first: size, after });
    pages.push(current);
    if (!current.pageInfo.hasNextPage) break;
    after = current.pageInfo.endCursor;
  }
  return { ids: pages.flatMap((current) => current.edges.map((edge) => edge.node.id)), pages };
}

/** The REST listing's ids, for comparison. */
async function listed(key: string | undefined, folderId: string): Promise<string[]> {
  const res = await h.api.get(`/api/folders/${folderId}/contents`).query(key ? { key } : {});
  expect(res.status).toBe(200);
  return (res.body.folder_contents as Array<{ id: string }>).map((item) => item.id);
}

beforeAll(async () => {
  h = await startTestPlatform();
  holder = await h.newUser('holder');
  other = await h.newUser('other');
  await createRole(h, 'insiders', { users: [holder] });
  library = await createLibrary(h, 'Paged');
  // 3 subfolders and 12 datasets in the root, every second dataset restricted to the insiders.
  await seedFolder(h, library.root_folder_id, { folders: 3, datasetsPerFolder: 12, restrictTo: 'insiders' });
  big = await createLibrary(h, 'Big');
  await seedFolder(h, big.root_folder_id, { folders: 1, datasetsPerFolder: 600, restrictTo: 'insiders' });
  await h.warmKeys(holder.key, other.key);
}, patient(60000));
afterAll(() => h.close());

describe('folderContentsPage: a folder page by page, as its listing orders it', () => {
  it('joins up to the whole listing (subfolders, then datasets by name) for a role holder, with a total on every page', async () => {
    const { ids, pages } = await walk(holder.key, library.root_folder_id, 4);
    expect(ids).toEqual(await listed(holder.key, library.root_folder_id));
    expect(ids).toHaveLength(15);
    expect(pages).toHaveLength(4);
    expect(pages.every((current) => current.totalCount === 15)).toBe(true);
    expect(pages[0].edges.slice(0, 3).map((edge) => edge.node.type)).toEqual(['folder', 'folder', 'folder']);
    expect(pages[3].edges).toHaveLength(3);
    expect(pages[3].pageInfo.hasNextPage).toBe(false);
  });

  it('keeps its order from one request to the next, and continues after any edge', async () => {
    const { page: whole } = await page(holder.key, { id: library.root_folder_id, first: 100 });
    const again = await page(holder.key, { id: library.root_folder_id, first: 100 });
    expect(again.page.edges.map((edge) => edge.cursor)).toEqual(whole.edges.map((edge) => edge.cursor));
    // After a folder (the listing moves on to the next folder, then the datasets) and after a dataset.
    const afterFolder = await page(holder.key, { id: library.root_folder_id, first: 100, after: whole.edges[1].cursor });
    expect(afterFolder.page.edges.map((edge) => edge.node.id)).toEqual(whole.edges.slice(2).map((edge) => edge.node.id));
    const afterDataset = await page(holder.key, { id: library.root_folder_id, first: 5, after: whole.edges[6].cursor });
    expect(afterDataset.page.edges.map((edge) => edge.node.id)).toEqual(whole.edges.slice(7, 12).map((edge) => edge.node.id));
  });

  it('answers an empty last page after the end', async () => {
    const { page: whole } = await page(holder.key, { id: library.root_folder_id, first: 100 });
    const { page: last } = await page(holder.key, { id: library.root_folder_id, first: 100, after: whole.pageInfo.endCursor });
    expect(last).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: whole.pageInfo.endCursor }, totalCount: 15 });
  });

  it('shows a restricted dataset to its role holder only', async () => {
    const forHolder = await walk(holder.key, library.root_folder_id, 100);
    const forOther = await walk(other.key, library.root_folder_id, 5);
    expect(forOther.ids).toEqual(await listed(other.key, library.root_folder_id));
    expect(forOther.ids).toHaveLength(3 + 6);
    expect(forOther.pages[0].totalCount).toBe(9);
    const hidden = forHolder.ids.filter((id) => !forOther.ids.includes(id));
    expect(hidden).toHaveLength(6);
    const restricted = forHolder.pages[0].edges.filter((edge) => hidden.includes(edge.node.id));
    expect(restricted.every((edge) => edge.node.type === 'file' && edge.node.isUnrestricted === false)).toBe(true);
    const anonymous = await walk(undefined, library.root_folder_id, 100);
    expect(anonymous.ids).toEqual(forOther.ids);
  });

  it('costs the same statements for its first page and its last, in a folder of 600 datasets as in one of 12', async () => {
    const first = await page(holder.key, { id: big.root_folder_id, first: 10 });
    const { page: whole } = await page(holder.key, { id: big.root_folder_id, first: 1000 });
    expect(whole.totalCount).toBe(601);
    const last = await page(holder.key, { id: big.root_folder_id, first: 10, after: whole.edges[590].cursor });
    expect(last.page.edges.map((edge) => edge.node.id)).toEqual(whole.edges.slice(591).map((edge) => edge.node.id));
    expect(last.page.pageInfo.hasNextPage).toBe(false);
    const small = await page(holder.key, { id: library.root_folder_id, first: 10 });
    expect(last.queries).toBe(first.queries);
    expect(small.queries).toBe(first.queries);
    expect(first.queries).toBeLessThanOrEqual(4);
  });

  it('refuses a cursor it cannot read, a page size out of bounds and an unknown folder', async () => {
    const badCursor = await gql(holder.key, { id: library.root_folder_id, first: 5, after: 'not-a-cursor' });
    expect(badCursor.body.errors[0]).toMatchObject({ message: 'Invalid cursor: not-a-cursor', extensions: { code: 'RequestParameterInvalidException', status: 400 } });
    const wrongShape = Buffer.from(JSON.stringify([2, 'x', 1])).toString('base64url');
    expect((await gql(holder.key, { id: library.root_folder_id, first: 5, after: wrongShape })).body.errors[0].extensions.status).toBe(400);
    const tooMany = await gql(holder.key, { id: library.root_folder_id, first: 5000 });
    expect(tooMany.body.errors[0]).toMatchObject({ message: 'first must be a whole number from 0 to 1000', extensions: { status: 400 } });
    const unknown = await gql(holder.key, { id: 'Ff7bb1edd6b95db62', first: 5 });
    expect(unknown.body.errors[0].extensions.code).toBe('ObjectNotFound');
  });
});
