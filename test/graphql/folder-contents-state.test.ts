import { addDataset, createFolder, createLibrary, createRole, seedFolder } from '../support/library-helpers';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

/**
 * A library folder's contents answer each dataset's state (what the folder screen colours), read
 * with the listing itself: the statement count stays the same with the state asked for, and
 * whatever the number of datasets.
 */
let h: TestPlatform;

type Item = { id: string; name: string; type: string; state: string | null };

async function contents(folderId: string, fields: string): Promise<{ items: Item[]; queries: number }> {
  const res = await h.api
    .post('/graphql')
    .set('x-api-key', h.admin.key)
    .send({ query: `query ($id: ID!) { folderContents(id: $id) { items { ${fields} } } }`, variables: { id: folderId } });
  expect(res.body.errors).toBeUndefined();
  return { items: res.body.data.folderContents.items, queries: h.queriesOf(res) };
}

beforeAll(async () => {
  h = await startTestPlatform();
  await h.warmKeys(h.admin.key);
});
afterAll(() => h.close());

describe('folder contents items', () => {
  it("answer each dataset's state, and none for a folder", async () => {
    const library = await createLibrary(h, 'States');
    const sub = await createFolder(h, library.root_folder_id, 'sub');
    const ready = await addDataset(h, library.root_folder_id, 'ready.txt');
    const waiting = await addDataset(h, library.root_folder_id, 'waiting.txt');
    // A dataset whose job has not run yet.
    await h.platform.services.db.orm.em
      .fork()
      .execute("update dataset set state = 'queued' where id = (select dataset_id from library_dataset_dataset_association where id = ?)", [h.platform.services.ids.decode(waiting.ldda_id)]);

    const { items } = await contents(library.root_folder_id, 'id name type state');
    expect(items).toEqual([
      { id: sub.id, name: 'sub', type: 'folder', state: null },
      { id: ready.id, name: 'ready.txt', type: 'file', state: 'ok' },
      { id: waiting.id, name: 'waiting.txt', type: 'file', state: 'queued' },
    ]);
  });

  it('cost the same statements with the state as without, for 2 datasets as for 60', async () => {
    const library = await createLibrary(h, 'Counted');
    await createRole(h, 'counted readers');
    await addDataset(h, library.root_folder_id, 'one.txt');
    await addDataset(h, library.root_folder_id, 'two.txt');
    const small = await contents(library.root_folder_id, 'id type name fileSize');
    const smallWithState = await contents(library.root_folder_id, 'id type name fileSize state');
    expect(smallWithState.queries).toBe(small.queries);

    const big = await createFolder(h, library.root_folder_id, 'big');
    await seedFolder(h, big.id, { folders: 3, datasetsPerFolder: 60, restrictTo: 'counted readers' });
    const large = await contents(big.id, 'id type name fileSize state');
    expect(large.items.filter((item) => item.type === 'file')).toHaveLength(60);
    expect(large.items.filter((item) => item.type === 'file').every((item) => item.state === 'ok')).toBe(true);
    expect(large.queries).toBe(small.queries);
  });
});
