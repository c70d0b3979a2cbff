import { ExtendedMetadataIndex } from '../../src/entities/extended-metadata.entity';
import {
  addDataset,
  createFolder,
  createGroup,
  createLibrary,
  createRole,
  errorBody,
  historyDataset,
  LIBRARY_TIME,
  type LibraryDatasetRef,
  type LibraryRef,
  markLibraryDatasetDeleted,
  type Named,
  setDatasetRoles,
  setFolderRoles,
  setLibraryRoles,
  UNKNOWN_FOLDER_ID,
} from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * GET /api/folders/{id}/contents (the envelope of a folder's first level) and
 * POST /api/folders/{id}/contents (a history dataset copied into the folder).
 *
 * Library "Data" (public):
 *   /a-public/p1.txt             public
 *   /b-restricted/secret.txt     access: readers
 *   /c-empty
 *   /d-deleted (deleted)/old.txt modify role on the folder: modifiers
 *   /e-nested/inner/deep.txt     public
 *   /f-both/both.txt             access: readers AND modifiers
 *   /alpha.txt                   access: readers (manage: readers)
 *   /beta.txt                    public, 12 bytes
 *   /gamma.txt                   public, 1536 bytes
 *   /gone.txt                    deleted
 *   /mine.txt                    private to reader (make_private by reader)
 */

let h: TestPlatform;
let reader: TestUser; // holds readers directly
let groupReader: TestUser; // holds readers through the group "club"
let modifier: TestUser; // holds modifiers
let both: TestUser; // holds readers and modifiers
let other: TestUser;
let readers: Named;
let modifiers: Named;
let library: LibraryRef;
const folders: Record<string, Named> = {};
const files: Record<string, LibraryDatasetRef> = {};

beforeAll(async () => {
  h = await startTestPlatform();
  reader = await h.newUser('reader');
  groupReader = await h.newUser('groupreader');
  modifier = await h.newUser('modifier');
  both = await h.newUser('both');
  other = await h.newUser('other');
  const club = await createGroup(h, 'club', { users: [groupReader] });
  readers = await createRole(h, 'readers', { users: [reader, both], groupIds: [club.id] });
  modifiers = await createRole(h, 'modifiers', { users: [modifier, both] });
  library = await createLibrary(h, 'Data');
  const root = library.root_folder_id;
  for (const name of ['e-nested', 'c-empty', 'a-public', 'b-restricted', 'd-deleted', 'f-both']) folders[name] = await createFolder(h, root, name);
  folders.inner = await createFolder(h, folders['e-nested'].id, 'inner');
  files['p1.txt'] = await addDataset(h, folders['a-public'].id, 'p1.txt');
  files['secret.txt'] = await addDataset(h, folders['b-restricted'].id, 'secret.txt');
  await setDatasetRoles(h, files['secret.txt'].id, { access: [readers.name] });
  await setFolderRoles(h, folders['d-deleted'].id, { modify: [modifiers.name] });
  files['old.txt'] = await addDataset(h, folders['d-deleted'].id, 'old.txt');
  await h.api.delete(`/api/folders/${folders['d-deleted'].id}`).query({ key: h.admin.key });
  files['deep.txt'] = await addDataset(h, folders.inner.id, 'deep.txt');
  files['both.txt'] = await addDataset(h, folders['f-both'].id, 'both.txt');
  await setDatasetRoles(h, files['both.txt'].id, { access: [readers.name, modifiers.name] });
  files['gamma.txt'] = await addDataset(h, root, 'gamma.txt', `${'g'.repeat(1535)}\n`);
  files['beta.txt'] = await addDataset(h, root, 'beta.txt', 'hello world\n');
  files['alpha.txt'] = await addDataset(h, root, 'alpha.txt');
  await setDatasetRoles(h, files['alpha.txt'].id, { access: [readers.name], manage: [readers.name] });
  files['gone.txt'] = await addDataset(h, root, 'gone.txt');
  await markLibraryDatasetDeleted(h, files['gone.txt'].id);
  files['mine.txt'] = await addDataset(h, root, 'mine.txt');
  await setDatasetRoles(h, files['mine.txt'].id, { access: [readers.name], manage: [readers.name] });
  const priv = await h.api.post(`/api/libraries/datasets/${files['mine.txt'].id}/permissions`).send({ key: reader.key, action: 'make_private' });
  if (priv.status !== 200) throw new Error(`make_private: ${priv.status} ${JSON.stringify(priv.body)}`);
}, patient(120000));
afterAll(() => h.close());

const contents = (folderId: string, key?: string, query: Record<string, string> = {}) => h.api.get(`/api/folders/${folderId}/contents`).query(key ? { key, ...query } : query);
const itemNames = (body: { folder_contents: Array<{ name: string }> }) => body.folder_contents.map((item) => item.name);

describe('GET /api/folders/{id}/contents: the envelope', () => {
  it('carries the path from the root, the caller’s rights on the folder and the library id', async () => {
    const res = await contents(folders.inner.id, h.admin.key);
    expect(res.status).toBe(200);
    expect(res.body.metadata).toEqual({
      full_path: [
        [library.root_folder_id, 'Data'],
        [folders['e-nested'].id, 'e-nested'],
        [folders.inner.id, 'inner'],
      ],
      can_add_library_item: true,
      can_modify_folder: true,
      parent_library_id: library.id,
    });
    expect(Object.keys(res.body).sort()).toEqual(['folder_contents', 'metadata']);
  });

  it('lists an administrator every active item of the first level, folders (by name) before datasets (by name)', async () => {
    const res = await contents(library.root_folder_id, h.admin.key);
    expect(itemNames(res.body)).toEqual(['a-public', 'b-restricted', 'c-empty', 'e-nested', 'f-both', 'alpha.txt', 'beta.txt', 'gamma.txt', 'mine.txt']);
    expect(res.body.folder_contents.map((item: { type: string }) => item.type)).toEqual([...Array(5).fill('folder'), ...Array(4).fill('file')]);
  });

  it('shapes a folder item: F id, library timestamps, can_modify and can_manage', async () => {
    const res = await contents(library.root_folder_id, h.admin.key);
    const item = res.body.folder_contents[0];
    expect(item).toEqual({
      id: folders['a-public'].id,
      type: 'folder',
      name: 'a-public',
      update_time: expect.stringMatching(LIBRARY_TIME),
      create_time: expect.stringMatching(LIBRARY_TIME),
      deleted: false,
      can_modify: true,
      can_manage: true,
    });
  });

  it('shapes a file item: human size, extension, upload date and access flags', async () => {
    const res = await contents(library.root_folder_id, h.admin.key);
    const byName = Object.fromEntries(res.body.folder_contents.map((item: { name: string }) => [item.name, item]));
    expect(byName['beta.txt']).toEqual({
      id: files['beta.txt'].id,
      type: 'file',
      name: 'beta.txt',
      update_time: expect.stringMatching(LIBRARY_TIME),
      create_time: expect.stringMatching(LIBRARY_TIME),
      deleted: false,
      file_ext: 'txt',
      date_uploaded: expect.stringMatching(LIBRARY_TIME),
      is_unrestricted: true,
      is_private: false,
      can_manage: true,
      file_size: '12 bytes',
    });
    expect(byName['gamma.txt'].file_size).toBe('1.5 KB');
    expect(byName['alpha.txt']).toEqual(expect.objectContaining({ is_unrestricted: false, is_private: false }));
    // private to reader, not to the administrator
    expect(byName['mine.txt']).toEqual(expect.objectContaining({ is_unrestricted: false, is_private: false, can_manage: true }));
  });
});

describe('GET /api/folders/{id}/contents: what non-administrators see', () => {
  it('lists a reader the datasets they may access and every active folder; is_private marks their private dataset', async () => {
    for (const user of [reader, groupReader]) {
      const res = await contents(library.root_folder_id, user.key);
      expect(res.status).toBe(200);
      const expected = user === reader ? ['alpha.txt', 'beta.txt', 'gamma.txt', 'mine.txt'] : ['alpha.txt', 'beta.txt', 'gamma.txt'];
      expect(itemNames(res.body)).toEqual(['a-public', 'b-restricted', 'c-empty', 'e-nested', 'f-both', ...expected]);
      const byName = Object.fromEntries(res.body.folder_contents.map((item: { name: string }) => [item.name, item]));
      expect(byName['alpha.txt']).toEqual(expect.objectContaining({ is_unrestricted: false, is_private: false, can_manage: true }));
      expect(byName['beta.txt']).toEqual(expect.objectContaining({ is_unrestricted: true, can_manage: false }));
      expect(byName['a-public']).toEqual(expect.objectContaining({ can_modify: false, can_manage: false }));
      if (user === reader) expect(byName['mine.txt']).toEqual(expect.objectContaining({ is_unrestricted: false, is_private: true, can_manage: true }));
      expect(res.body.metadata).toEqual(expect.objectContaining({ can_add_library_item: false, can_modify_folder: false, parent_library_id: library.id }));
    }
  });

  it('needs every access role of a dataset to list it (a folder shows when one of them is held)', async () => {
    expect(itemNames((await contents(folders['f-both'].id, reader.key)).body)).toEqual([]);
    expect(itemNames((await contents(folders['f-both'].id, modifier.key)).body)).toEqual([]);
    expect(itemNames((await contents(folders['f-both'].id, both.key)).body)).toEqual(['both.txt']);
    expect(itemNames((await contents(folders['f-both'].id, other.key)).body)).toEqual([]);
  });

  it('shows others every active folder (their contents are filtered when opened) but hides the restricted datasets', async () => {
    const res = await contents(library.root_folder_id, other.key);
    expect(itemNames(res.body)).toEqual(['a-public', 'b-restricted', 'c-empty', 'e-nested', 'f-both', 'beta.txt', 'gamma.txt']);
    expect(itemNames((await contents(folders['b-restricted'].id, other.key)).body)).toEqual([]);
  });

  it('answers anonymous callers (no key, no cookie) on a public library with what the public may see', async () => {
    const res = await contents(library.root_folder_id);
    expect(res.status).toBe(200);
    expect(itemNames(res.body)).toEqual(['a-public', 'b-restricted', 'c-empty', 'e-nested', 'f-both', 'beta.txt', 'gamma.txt']);
    expect(res.body.metadata).toEqual(expect.objectContaining({ can_add_library_item: false, can_modify_folder: false }));
    expect(itemNames((await contents(folders.inner.id)).body)).toEqual(['deep.txt']);
  });

  it('gives the holders of the folder roles can_add_library_item, can_modify_folder, can_modify and can_manage', async () => {
    const own = await createLibrary(h, 'Roles');
    const parent = await createFolder(h, own.root_folder_id, 'with roles');
    const child = await createFolder(h, parent.id, 'child');
    await addDataset(h, child.id, 'child.txt');
    await setFolderRoles(h, parent.id, { add: [readers.name], modify: [modifiers.name] });
    await setFolderRoles(h, child.id, { manage: [readers.name], modify: [readers.name] });
    const forReader = await contents(parent.id, reader.key);
    expect(forReader.body.metadata).toEqual(expect.objectContaining({ can_add_library_item: true, can_modify_folder: false }));
    expect(forReader.body.folder_contents).toEqual([expect.objectContaining({ name: 'child', can_modify: true, can_manage: true })]);
    const forModifier = await contents(parent.id, modifier.key);
    expect(forModifier.body.metadata).toEqual(expect.objectContaining({ can_add_library_item: false, can_modify_folder: true }));
    expect(forModifier.body.folder_contents).toEqual([expect.objectContaining({ name: 'child', can_modify: false, can_manage: false })]);
  });
});

describe('GET /api/folders/{id}/contents: include_deleted', () => {
  it('is false by default, also for administrators', async () => {
    expect(itemNames((await contents(library.root_folder_id, h.admin.key)).body)).not.toContain('d-deleted');
  });

  it('lists deleted folders and datasets to administrators when true', async () => {
    for (const flag of ['true', 'True', '1', 'yes']) {
      const res = await contents(library.root_folder_id, h.admin.key, { include_deleted: flag });
      expect(itemNames(res.body)).toEqual(['a-public', 'b-restricted', 'c-empty', 'd-deleted', 'e-nested', 'f-both', 'alpha.txt', 'beta.txt', 'gamma.txt', 'gone.txt', 'mine.txt']);
      const byName = Object.fromEntries(res.body.folder_contents.map((item: { name: string; deleted: boolean }) => [item.name, item.deleted]));
      expect(byName['d-deleted']).toBe(true);
      expect(byName['gone.txt']).toBe(true);
      expect(byName['beta.txt']).toBe(false);
    }
  });

  it('lists a deleted item to holders of its modify role only', async () => {
    const res = await contents(library.root_folder_id, modifier.key, { include_deleted: 'true' });
    expect(itemNames(res.body)).toContain('d-deleted');
    expect(itemNames(res.body)).not.toContain('gone.txt');
    expect(itemNames((await contents(library.root_folder_id, reader.key, { include_deleted: 'true' })).body)).not.toContain('d-deleted');
    expect(itemNames((await contents(library.root_folder_id, undefined, { include_deleted: 'true' })).body)).not.toContain('d-deleted');
  });

  it('treats false spellings and an unparsable value as false', async () => {
    for (const flag of ['false', '0', 'perhaps', '']) {
      const res = await contents(library.root_folder_id, h.admin.key, { include_deleted: flag });
      expect(res.status).toBe(200);
      expect(itemNames(res.body)).not.toContain('d-deleted');
    }
  });
});

describe('GET /api/folders/{id}/contents: refusals', () => {
  let closed: LibraryRef;
  let closedFolder: Named;

  beforeAll(async () => {
    closed = await createLibrary(h, 'Closed');
    closedFolder = await createFolder(h, closed.root_folder_id, 'inside');
    await setLibraryRoles(h, closed.id, { access: [readers.name] });
  });

  it('answers ObjectNotFound when the caller may not access the library (root or any folder)', async () => {
    for (const id of [closed.root_folder_id, closedFolder.id]) {
      for (const key of [other.key, modifier.key, undefined]) {
        const res = await contents(id, key);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(errorBody(404001));
      }
      expect((await contents(id, reader.key)).status).toBe(200);
      expect((await contents(id, groupReader.key)).status).toBe(200);
      expect((await contents(id, h.admin.key)).status).toBe(200);
    }
  });

  it('answers ObjectNotFound for a deleted library to non-administrators', async () => {
    const gone = await createLibrary(h, 'Gone library');
    await h.api.delete(`/api/libraries/${gone.id}`).query({ key: h.admin.key });
    expect((await contents(gone.root_folder_id, other.key)).status).toBe(404);
    expect((await contents(gone.root_folder_id, h.admin.key)).status).toBe(200);
  });

  it('refuses an invalid API key even on this anonymous route', async () => {
    const res = await contents(library.root_folder_id, 'not-a-key');
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody(403001));
  });

  it('answers MalformedId for a folder id without F or of the wrong length, ObjectNotFound for an unknown one', async () => {
    for (const id of [library.root_folder_id.slice(1), `${library.root_folder_id}ab`, 'Fxyz']) {
      const res = await contents(id, h.admin.key);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody(400009));
    }
    const unknown = await contents(UNKNOWN_FOLDER_ID, h.admin.key);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorBody(404001));
  });
});

describe('POST /api/folders/{id}/contents', () => {
  it('stores extended_metadata indexed by path for the copied dataset', async () => {
    const hda = await historyDataset(h, h.admin.key, 'annotated\n', 'annotated.txt');
    const target = await createFolder(h, library.root_folder_id, 'annotated');
    const res = await h.api.post(`/api/folders/${target.id}/contents`).send({ key: h.admin.key, from_hda_id: hda, extended_metadata: { tissue: 'liver' } });
    expect(res.status).toBe(200);
    const rows = await h.platform.services.db.orm.em.fork().find(ExtendedMetadataIndex, { extendedMetadata: { ldda: { id: h.platform.services.ids.decode(res.body.id) } } });
    expect(rows.map((row) => [row.path, row.value])).toEqual([['/tissue', 'liver']]);
  });

  it('copies an accessible history dataset into the folder and returns the new version with update_time', async () => {
    const hda = await historyDataset(h, h.admin.key, 'copied\n', 'copied.txt');
    const res = await h.api.post(`/api/folders/${folders['a-public'].id}/contents`).send({ key: h.admin.key, from_hda_id: hda, ldda_message: 'from <b>my</b> history<script>x</script>' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({
        model_class: 'LibraryDatasetDatasetAssociation',
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        library_dataset_id: expect.stringMatching(/^[0-9a-f]{16}$/),
        name: 'copied.txt',
        file_ext: 'txt',
        file_size: 7,
        folder_id: folders['a-public'].id,
        parent_library_id: library.id,
        update_time: expect.stringMatching(LIBRARY_TIME),
      }),
    );
    const detail = await h.api.get(`/api/libraries/datasets/${res.body.library_dataset_id}`).query({ key: h.admin.key });
    expect(detail.body.message).toBe('from <b>my</b> history');
    expect(itemNames((await contents(folders['a-public'].id, other.key)).body)).toEqual(['copied.txt', 'p1.txt']);
  });

  it('lets holders of the add role copy their own datasets, directly or through a group', async () => {
    const dropbox = await createFolder(h, library.root_folder_id, 'h-dropbox');
    await setFolderRoles(h, dropbox.id, { add: [readers.name] });
    for (const user of [reader, groupReader]) {
      const hda = await historyDataset(h, user.key, `${user.username}\n`, `${user.username}.txt`);
      const res = await h.api.post(`/api/folders/${dropbox.id}/contents`).type('form').send(`key=${user.key}&from_hda_id=${hda}`);
      expect(res.status).toBe(200);
      expect(res.body.name).toBe(`${user.username}.txt`);
    }
  });

  it('refuses callers who may not add to the folder (InsufficientPermissions)', async () => {
    const hda = await historyDataset(h, other.key, 'nope\n');
    const res = await h.api.post(`/api/folders/${folders['a-public'].id}/contents`).send({ key: other.key, from_hda_id: hda });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody(403005));
  });

  it('refuses a history dataset the caller may not access (ItemAccessibility)', async () => {
    const dropbox = await createFolder(h, library.root_folder_id, 'i-dropbox');
    await setFolderRoles(h, dropbox.id, { add: [readers.name] });
    const foreign = await historyDataset(h, other.key, 'private to other\n');
    const res = await h.api.post(`/api/folders/${dropbox.id}/contents`).send({ key: reader.key, from_hda_id: foreign });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody(403002));
  });

  it('refuses to copy into a deleted library (ObjectAttributeInvalidException)', async () => {
    const doomed = await createLibrary(h, 'Doomed');
    await setLibraryRoles(h, doomed.id, { add: [readers.name] });
    await h.api.delete(`/api/libraries/${doomed.id}`).query({ key: h.admin.key });
    for (const user of [h.admin, reader]) {
      const hda = await historyDataset(h, user.key, 'late\n');
      const res = await h.api.post(`/api/folders/${doomed.root_folder_id}/contents`).send({ key: user.key, from_hda_id: hda });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody(400004));
    }
  });

  it('answers MalformedId for a folder id that is not F plus a multiple of 16 characters', async () => {
    const hda = await historyDataset(h, h.admin.key, 'x\n');
    for (const id of [folders['a-public'].id.slice(1), `${folders['a-public'].id}0`]) {
      const res = await h.api.post(`/api/folders/${id}/contents`).send({ key: h.admin.key, from_hda_id: hda });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody(400009));
    }
  });

  it('requires an identity', async () => {
    const res = await h.api.post(`/api/folders/${folders['a-public'].id}/contents`).send({ from_hda_id: files['beta.txt'].id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody(403001));
  });
});
