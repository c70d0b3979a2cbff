import { createHistory } from '../support/data-helpers';
import { addDataset, createFolder, createLibrary, createRole, historyDataset, setDatasetRoles, setFolderRoles, setLibraryRoles } from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * Library items to histories and back, many at once (issue 34, item 9): chosen datasets and folders
 * (their datasets all the way down) imported into a history in one request, datasets the caller may
 * not access left out and counted; history datasets added to a folder by whoever may add to it.
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

type Answer = { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions: { code: string } }> };

async function gql(key: string, query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
  return (await h.api.post('/graphql').set('x-api-key', key).send({ query, variables })).body as Answer;
}

const IMPORT = `mutation ($items: LibraryItemsSelection!, $historyId: ID, $newHistoryName: String) {
  importLibraryItemsIntoHistory(items: $items, historyId: $historyId, newHistoryName: $newHistoryName) { historyId historyName imported skipped } }`;
const ADD = 'mutation ($folderId: ID!, $hdaIds: [ID!]!) { addHistoryDatasetsToFolder(folderId: $folderId, hdaIds: $hdaIds) }';

type Outcome = { historyId: string; historyName: string; imported: number; skipped: number };

async function historyNames(key: string, historyId: string): Promise<string[]> {
  const res = await h.api.get(`/api/histories/${historyId}/contents`).query({ key });
  expect(res.status).toBe(200);
  return (res.body as Array<{ name: string }>).map((item) => item.name).sort();
}

/** Library "Data" for everybody: a.txt, b.txt at the root; folder "sub" with c.txt, its subfolder "deeper" with d.txt and the restricted secret.txt. */
let world: { root: string; sub: string; deeper: string; a: string; b: string; c: string; secret: string };

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  const library = await createLibrary(h, 'Data');
  const root = library.root_folder_id;
  const sub = (await createFolder(h, root, 'sub')).id;
  const deeper = (await createFolder(h, sub, 'deeper')).id;
  const a = (await addDataset(h, root, 'a.txt')).id;
  const b = (await addDataset(h, root, 'b.txt')).id;
  const c = (await addDataset(h, sub, 'c.txt')).id;
  await addDataset(h, deeper, 'd.txt');
  const secret = (await addDataset(h, deeper, 'secret.txt')).id;
  const insiders = await createRole(h, 'insiders', { users: [bob] });
  await setDatasetRoles(h, secret, { access: [insiders.name] });
  world = { root, sub, deeper, a, b, c, secret };
});
afterAll(() => h.close());

describe('importLibraryItemsIntoHistory: chosen datasets and folders into a history at once', () => {
  it('imports two datasets and a folder with its subfolders into a new history, leaving out and counting what the caller may not access', async () => {
    const answer = await gql(alice.key, IMPORT, { items: { datasetIds: [world.a, world.b], folderIds: [world.sub] }, newHistoryName: 'From the library' });
    expect(answer.errors).toBeUndefined();
    const outcome = (answer.data as { importLibraryItemsIntoHistory: Outcome }).importLibraryItemsIntoHistory;
    expect(outcome).toMatchObject({ historyName: 'From the library', imported: 4, skipped: 1 });
    expect(await historyNames(alice.key, outcome.historyId)).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt']);
  });

  it('gives a holder of the access role the restricted dataset too, into their existing history', async () => {
    const historyId = await createHistory(h, bob.key, 'bob gathers');
    const answer = await gql(bob.key, IMPORT, { items: { folderIds: [world.deeper] }, historyId });
    expect((answer.data as { importLibraryItemsIntoHistory: Outcome }).importLibraryItemsIntoHistory).toMatchObject({ historyId, imported: 2, skipped: 0 });
    expect(await historyNames(bob.key, historyId)).toEqual(['d.txt', 'secret.txt']);
  });

  it("refuses another user's history", async () => {
    const historyId = await createHistory(h, bob.key, 'not for alice');
    const answer = await gql(alice.key, IMPORT, { items: { datasetIds: [world.a] }, historyId });
    expect(answer.errors?.[0].extensions.code).toBe('ItemOwnershipException');
    expect(await historyNames(bob.key, historyId)).toEqual([]);
  });

  it('answers not found for a folder of a library the caller may not access, importing nothing', async () => {
    const closed = await createLibrary(h, 'Closed');
    const staff = await createRole(h, 'staff', { users: [bob] });
    await setLibraryRoles(h, closed.id, { access: [staff.id] });
    await addDataset(h, closed.root_folder_id, 'closed.txt');
    const historyId = await createHistory(h, alice.key, 'nothing closed');
    const answer = await gql(alice.key, IMPORT, { items: { folderIds: [closed.root_folder_id] }, historyId });
    expect(answer.errors?.[0].extensions.code).toBe('ObjectNotFound');
    expect(await historyNames(alice.key, historyId)).toEqual([]);
  });

  it('answers not found for a chosen library dataset that is not there', async () => {
    const answer = await gql(alice.key, IMPORT, { items: { datasetIds: [world.a, 'f7bb1edd6b95db62'] }, newHistoryName: 'never made' });
    expect(answer.errors?.[0].extensions.code).toBe('ObjectNotFound');
    const histories = await h.api.get('/api/histories').query({ key: alice.key });
    expect((histories.body as Array<{ name: string }>).map((history) => history.name)).not.toContain('never made');
  });

  it('wants something chosen and one target', async () => {
    const none = await gql(alice.key, IMPORT, { items: {}, newHistoryName: 'empty' });
    expect(none.errors?.[0].extensions.code).toBe('RequestParameterMissingException');
    const both = await gql(alice.key, IMPORT, { items: { datasetIds: [world.a] } });
    expect(both.errors?.[0].extensions.code).toBe('RequestParameterInvalidException');
  });
});

describe('addHistoryDatasetsToFolder: history datasets added to a folder at once', () => {
  it('refuses a user without add permission on the folder', async () => {
    const hda = await historyDataset(h, alice.key, 'mine\n', 'mine.txt');
    const answer = await gql(alice.key, ADD, { folderId: world.sub, hdaIds: [hda] });
    expect(answer.errors?.[0].extensions.code).toBe('InsufficientPermissionsException');
  });

  it('adds two datasets for whoever may add to the folder, and refuses datasets they may not read', async () => {
    const adders = await createRole(h, 'adders', { users: [alice] });
    const target = (await createFolder(h, world.root, 'contributions')).id;
    await setFolderRoles(h, target, { add: [adders.name] });
    const first = await historyDataset(h, alice.key, 'one\n', 'one.txt');
    const second = await historyDataset(h, alice.key, 'two\n', 'two.txt');
    const added = await gql(alice.key, ADD, { folderId: target, hdaIds: [first, second] });
    expect(added.errors).toBeUndefined();
    expect(added.data).toEqual({ addHistoryDatasetsToFolder: 2 });
    const listing = await h.api.get(`/api/folders/${target}/contents`).query({ key: alice.key });
    expect((listing.body.folder_contents as Array<{ name: string }>).map((item) => item.name).sort()).toEqual(['one.txt', 'two.txt']);

    const bobs = await historyDataset(h, bob.key, 'private\n', 'bobs.txt');
    const refused = await gql(alice.key, ADD, { folderId: target, hdaIds: [bobs] });
    expect(refused.errors?.[0].extensions.code).toBe('ItemAccessibilityException');
  });
});
