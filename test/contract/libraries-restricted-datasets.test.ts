import { addDataset, createLibrary, createRole, type LibraryDatasetRef, type LibraryRef, markLibraryDatasetDeleted, setDatasetRoles, setLibraryRoles } from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * A library dataset restricted to roles, to those who may open its library: a holder of the
 * library's role who lacks the dataset's access roles finds it in no listing (REST folder and library
 * contents, the graph's pages), and a deleted one listed to them for their right to modify it is
 * named, not described (no datatype, no size: deliberate difference from 15.05, which showed them).
 * Holders of all its access roles and administrators see it in full.
 */
let h: TestPlatform;
let bob: TestUser;
let dave: TestUser;
let erin: TestUser;
let library: LibraryRef;
let open: LibraryDatasetRef;
let restricted: LibraryDatasetRef;
let deleted: LibraryDatasetRef;

type Dict = Record<string, unknown>;

beforeAll(async () => {
  h = await startTestPlatform();
  bob = await h.newUser('bob');
  dave = await h.newUser('dave');
  erin = await h.newUser('erin');
  // Dave and Erin may open the library; Dave holds one of the datasets' two access roles, Erin both.
  await createRole(h, 'readers', { users: [dave, erin] });
  await createRole(h, 'team', { users: [dave, erin] });
  await createRole(h, 'lab', { users: [erin] });
  library = await createLibrary(h, 'restricted library');
  await setLibraryRoles(h, library.id, { access: ['readers'] });
  open = await addDataset(h, library.root_folder_id, 'open.txt', 'open content\n');
  restricted = await addDataset(h, library.root_folder_id, 'restricted.txt', 'RESTRICTED-MARKER content, a little longer\n');
  await setDatasetRoles(h, restricted.id, { access: ['team', 'lab'] });
  deleted = await addDataset(h, library.root_folder_id, 'removed.txt', 'RESTRICTED-MARKER removed content\n');
  // Dave may modify (and so see, deleted) this one without holding its access roles.
  await setDatasetRoles(h, deleted.id, { access: ['team', 'lab'], modify: ['team'] });
  await markLibraryDatasetDeleted(h, deleted.id);
});
afterAll(() => h.close());

const folderItems = async (key: string, includeDeleted = false) => {
  const res = await h.api.get(`/api/folders/${library.root_folder_id}/contents`).query({ key, ...(includeDeleted ? { include_deleted: 'true' } : {}) });
  expect(res.status).toBe(200);
  return res.body.folder_contents as Dict[];
};

const gql = async (key: string, query: string, variables: Dict) => {
  const res = await h.api.post('/graphql').set('x-api-key', key).send({ query, variables });
  expect(res.body.errors).toBeUndefined();
  return res.body.data as Record<string, { edges: Array<{ node: Dict }> }>;
};

const FOLDER_PAGE = 'query ($id: ID!, $deleted: Boolean) { folderContentsPage(id: $id, first: 10, includeDeleted: $deleted) { edges { node { id name deleted fileExt fileSize state } } } }';
const LIBRARY_PAGE = 'query ($id: ID!) { libraryContentsPage(libraryId: $id, first: 10) { edges { node { id name type } } } }';

describe('GET /api/folders/{id}/contents: a library role holder lacking the dataset roles', () => {
  it('does not find the restricted dataset; finds the open one', async () => {
    const items = await folderItems(dave.key);
    expect(items.map((item) => [item.id, item.name])).toEqual([[open.id, 'open.txt']]);
  });

  it('sees a deleted restricted dataset they may modify named, without its datatype or size', async () => {
    const items = await folderItems(dave.key, true);
    expect(items.map((item) => item.name)).toEqual(['open.txt', 'removed.txt']);
    const removed = items[1];
    expect(removed).toMatchObject({ id: deleted.id, name: 'removed.txt', deleted: true, file_ext: null, file_size: null, is_unrestricted: false });
    expect(JSON.stringify(items)).not.toMatch(/RESTRICTED-MARKER/);
  });
});

describe('GET /api/folders/{id}/contents: holders of all its access roles and administrators', () => {
  it('list the restricted dataset with its datatype and size', async () => {
    for (const key of [erin.key, h.admin.key]) {
      const items = await folderItems(key, true);
      expect(items.find((item) => item.id === restricted.id)).toMatchObject({ file_ext: 'txt', file_size: expect.stringMatching(/bytes$/) });
      expect(items.find((item) => item.id === deleted.id)).toMatchObject({ deleted: true, file_ext: 'txt', file_size: expect.stringMatching(/bytes$/) });
    }
  });

  it('refuse the library to a user who may not open it', async () => {
    expect((await h.api.get(`/api/folders/${library.root_folder_id}/contents`).query({ key: bob.key })).status).toBe(404);
  });
});

describe('GET /api/libraries/{id}/contents lists the restricted dataset only to those who may read it', () => {
  it('to a library role holder lacking its roles: the open dataset only', async () => {
    const res = await h.api.get(`/api/libraries/${library.id}/contents`).query({ key: dave.key });
    expect(res.status).toBe(200);
    expect((res.body as Dict[]).map((item) => item.name)).toEqual(['/', '/open.txt']);
  });

  it('to a holder of all its roles and to administrators: both', async () => {
    for (const key of [erin.key, h.admin.key]) {
      const res = await h.api.get(`/api/libraries/${library.id}/contents`).query({ key });
      expect((res.body as Dict[]).map((item) => item.name)).toEqual(['/', '/open.txt', '/restricted.txt']);
    }
  });

  it('refuses the restricted dataset itself to the role holder lacking its roles', async () => {
    expect((await h.api.get(`/api/libraries/datasets/${restricted.id}`).query({ key: dave.key })).status).toBe(404);
    expect((await h.api.get(`/api/libraries/datasets/${restricted.id}`).query({ key: erin.key })).status).toBe(200);
  });
});

describe("the graph's library pages follow the same rules", () => {
  it('folderContentsPage: the role holder lacking its roles is shown the deleted one named only, not the active one', async () => {
    const data = await gql(dave.key, FOLDER_PAGE, { id: library.root_folder_id, deleted: true });
    const nodes = data.folderContentsPage.edges.map((edge) => edge.node);
    expect(nodes.map((node) => node.name)).toEqual(['open.txt', 'removed.txt']);
    expect(nodes[1]).toMatchObject({ id: deleted.id, deleted: true, fileExt: null, fileSize: null });
    const erinNodes = (await gql(erin.key, FOLDER_PAGE, { id: library.root_folder_id, deleted: true })).folderContentsPage.edges.map((edge) => edge.node);
    expect(erinNodes.map((node) => node.name)).toEqual(['open.txt', 'removed.txt', 'restricted.txt']);
    expect(erinNodes[1]).toMatchObject({ fileExt: 'txt', fileSize: expect.any(Number) });
  });

  it('libraryContentsPage: the restricted dataset only for the holder of all its roles', async () => {
    const names = async (key: string) => (await gql(key, LIBRARY_PAGE, { id: library.id })).libraryContentsPage.edges.map((edge) => edge.node.name);
    expect(await names(dave.key)).toEqual(['/', '/open.txt']);
    expect(await names(erin.key)).toEqual(['/', '/open.txt', '/restricted.txt']);
    expect(await names(h.admin.key)).toEqual(['/', '/open.txt', '/restricted.txt']);
  });
});
