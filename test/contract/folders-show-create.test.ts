import {
  createFolder,
  createGroup,
  createLibrary,
  createRole,
  errorBody,
  type LibraryRef,
  type Named,
  setFolderRoles,
  setLibraryRoles,
  UNKNOWN_FOLDER_ID,
} from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/** Library folders: the record, creation under a parent, delete/undelete, and the NotImplemented routes. */

let h: TestPlatform;
let adder: TestUser; // holds "adders" directly
let groupAdder: TestUser; // holds "adders" and "readers" through the group "team"
let reader: TestUser; // may access the restricted library, may not add
let other: TestUser;
let adders: Named;
let readers: Named;
let library: LibraryRef;
let restricted: LibraryRef;
let genomes: Record<string, unknown> & Named;
let hg19: Record<string, unknown> & Named;

beforeAll(async () => {
  h = await startTestPlatform();
  adder = await h.newUser('adder');
  groupAdder = await h.newUser('groupadder');
  reader = await h.newUser('reader');
  other = await h.newUser('other');
  const team = await createGroup(h, 'team', { users: [groupAdder] });
  adders = await createRole(h, 'adders', { users: [adder], groupIds: [team.id] });
  readers = await createRole(h, 'readers', { users: [reader, adder], groupIds: [team.id] });
  library = await createLibrary(h, 'Reference');
  genomes = await createFolder(h, library.root_folder_id, 'genomes', { description: 'all genomes' });
  hg19 = await createFolder(h, genomes.id, 'hg19');
  restricted = await createLibrary(h, 'Private lab');
  await setLibraryRoles(h, restricted.id, { access: [readers.name] });
});
afterAll(() => h.close());

describe('GET /api/folders/{id}', () => {
  it("returns the folder record: 'F' ids, the library path and the library", async () => {
    const res = await h.api.get(`/api/folders/${hg19.id}`).query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      model_class: 'LibraryFolder',
      id: hg19.id,
      parent_id: genomes.id,
      name: 'hg19',
      description: '',
      item_count: 0,
      genome_build: '?',
      update_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/),
      deleted: false,
      library_path: ['genomes', 'hg19'],
      parent_library_id: library.id,
    });
    expect(res.body.id).toMatch(/^F[0-9a-f]{16}$/);
  });

  it('gives the root folder a null parent_id and an empty library path', async () => {
    const res = await h.api.get(`/api/folders/${library.root_folder_id}`).query({ key: other.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id: library.root_folder_id, parent_id: null, name: 'Reference', library_path: [], parent_library_id: library.id, item_count: 1 }));
  });

  it('counts active subfolders and datasets in item_count', async () => {
    const res = await h.api.get(`/api/folders/${genomes.id}`).query({ key: h.admin.key });
    expect(res.body).toEqual(expect.objectContaining({ description: 'all genomes', item_count: 1 }));
  });

  it('answers ObjectNotFound for a folder of a library the caller may not access, and for an unknown folder', async () => {
    expect((await h.api.get(`/api/folders/${restricted.root_folder_id}`).query({ key: reader.key })).status).toBe(200);
    expect((await h.api.get(`/api/folders/${restricted.root_folder_id}`).query({ key: groupAdder.key })).status).toBe(200);
    const hidden = await h.api.get(`/api/folders/${restricted.root_folder_id}`).query({ key: other.key });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(errorBody(404001));
    const unknown = await h.api.get(`/api/folders/${UNKNOWN_FOLDER_ID}`).query({ key: h.admin.key });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorBody(404001));
  });

  it("answers MalformedId for ids without the 'F' prefix or of a wrong length", async () => {
    for (const id of [library.root_folder_id.slice(1), `${library.root_folder_id}0`, 'Fzzzzzzzzzzzzzzzz', 'F1234567890123456']) {
      const res = await h.api.get(`/api/folders/${id}`).query({ key: h.admin.key });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody(400009));
    }
  });

  it('words the two MalformedId messages as the platform does, with no extra keys', async () => {
    const unprefixed = library.root_folder_id.slice(1);
    expect((await h.api.get(`/api/folders/${unprefixed}`).query({ key: h.admin.key })).body).toEqual({
      err_msg: `Malformed folder id ( ${unprefixed} ) specified, unable to decode.`,
      err_code: 400009,
    });
    expect((await h.api.get('/api/folders/Fzzzzzzzzzzzzzzzz').query({ key: h.admin.key })).body).toEqual({
      err_msg: 'Malformed folder id ( zzzzzzzzzzzzzzzz ) specified, unable to decode',
      err_code: 400009,
    });
  });

  it('requires an identity', async () => {
    const res = await h.api.get(`/api/folders/${hg19.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody(403001));
  });
});

describe('POST /api/folders/{parent id}', () => {
  it('creates a folder under the parent for an administrator (description defaults to empty)', async () => {
    const res = await h.api.post(`/api/folders/${genomes.id}`).send({ key: h.admin.key, name: 'mm10' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({ model_class: 'LibraryFolder', id: expect.stringMatching(/^F[0-9a-f]{16}$/), parent_id: genomes.id, name: 'mm10', description: '', deleted: false, library_path: ['genomes', 'mm10'] }),
    );
  });

  it('lets holders of an add role (directly or through a group) create folders, and refuses others with InsufficientPermissions', async () => {
    const parent = await createFolder(h, library.root_folder_id, 'contributions');
    await setFolderRoles(h, parent.id, { add: [adders.name] });
    for (const user of [adder, groupAdder]) {
      const res = await h.api.post(`/api/folders/${parent.id}`).send({ key: user.key, name: `by ${user.username}`, description: 'mine' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expect.objectContaining({ name: `by ${user.username}`, description: 'mine', parent_id: parent.id }));
    }
    const refused = await h.api.post(`/api/folders/${parent.id}`).send({ key: other.key, name: 'intruder' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(errorBody(403005));
    const noRoles = await h.api.post(`/api/folders/${genomes.id}`).send({ key: adder.key, name: 'nope' });
    expect(noRoles.status).toBe(403);
    expect(noRoles.body).toEqual(errorBody(403005));
  });

  it("gives the new folder the parent's add, manage and modify roles", async () => {
    const parent = await createFolder(h, library.root_folder_id, 'inheriting');
    await setFolderRoles(h, parent.id, { add: [adders.name], manage: [readers.name], modify: [adders.name, readers.name] });
    const child = await createFolder(h, parent.id, 'child');
    const res = await h.api.get(`/api/folders/${child.id}/permissions`).query({ key: h.admin.key });
    expect(res.body).toEqual({
      add_library_item_role_list: [['adders', adders.id]],
      manage_folder_role_list: [['readers', readers.id]],
      modify_folder_role_list: expect.arrayContaining([
        ['adders', adders.id],
        ['readers', readers.id],
      ]),
    });
    expect(res.body.modify_folder_role_list).toHaveLength(2);
  });

  it('requires a name (RequestParameterMissingException), also with no payload at all', async () => {
    const noName = await h.api.post(`/api/folders/${genomes.id}`).send({ key: h.admin.key, description: 'x' });
    expect(noName.status).toBe(400);
    expect(noName.body).toEqual(errorBody(400007));
    const noPayload = await h.api.post(`/api/folders/${genomes.id}`).query({ key: h.admin.key });
    expect(noPayload.status).toBe(400);
    expect(noPayload.body).toEqual(errorBody(400007));
  });

  it('answers MalformedId, ObjectNotFound, or 403 to anonymous callers', async () => {
    const malformed = await h.api.post(`/api/folders/${genomes.id.slice(1)}`).send({ key: h.admin.key, name: 'x' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(errorBody(400009));
    const unknown = await h.api.post(`/api/folders/${UNKNOWN_FOLDER_ID}`).send({ key: h.admin.key, name: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorBody(404001));
    const hidden = await h.api.post(`/api/folders/${restricted.root_folder_id}`).send({ key: other.key, name: 'x' });
    expect(hidden.status).toBe(404);
    const anonymous = await h.api.post(`/api/folders/${genomes.id}`).send({ name: 'x' });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual(errorBody(403001));
  });

  it('refuses to add a folder to a deleted library (ObjectAttributeInvalidException)', async () => {
    const doomed = await createLibrary(h, 'Doomed');
    await h.api.delete(`/api/libraries/${doomed.id}`).query({ key: h.admin.key });
    const res = await h.api.post(`/api/folders/${doomed.root_folder_id}`).send({ key: h.admin.key, name: 'late' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(400004));
  });
});

describe('DELETE /api/folders/{id}', () => {
  it('marks a folder deleted and, with undelete=true, active again (administrators)', async () => {
    const folder = await createFolder(h, library.root_folder_id, 'temporary');
    const deleted = await h.api.delete(`/api/folders/${folder.id}`).query({ key: h.admin.key });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(expect.objectContaining({ model_class: 'LibraryFolder', id: folder.id, deleted: true }));
    const restored = await h.api.delete(`/api/folders/${folder.id}`).query({ key: h.admin.key, undelete: 'true' });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual(expect.objectContaining({ id: folder.id, deleted: false }));
  });

  it('reads undelete from a JSON body sent without a content type (platform clients)', async () => {
    const folder = await createFolder(h, library.root_folder_id, 'body-undelete');
    await h.api.delete(`/api/folders/${folder.id}`).query({ key: h.admin.key });
    const res = await h.api.delete(`/api/folders/${folder.id}`).query({ key: h.admin.key }).set('Content-Type', '').send(Buffer.from(JSON.stringify({ undelete: 'True' })));
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(false);
  });

  it('is refused to non-administrators, even holders of every folder role', async () => {
    const folder = await createFolder(h, library.root_folder_id, 'kept');
    await setFolderRoles(h, folder.id, { add: [adders.name], manage: [adders.name], modify: [adders.name] });
    const res = await h.api.delete(`/api/folders/${folder.id}`).query({ key: adder.key });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody(403006));
    expect((await h.api.get(`/api/folders/${folder.id}`).query({ key: h.admin.key })).body.deleted).toBe(false);
    expect((await h.api.delete(`/api/folders/${folder.id}`)).status).toBe(403);
  });

  it('answers MalformedId and ObjectNotFound to an administrator', async () => {
    expect((await h.api.delete('/api/folders/abc').query({ key: h.admin.key })).body).toEqual(errorBody(400009));
    const unknown = await h.api.delete(`/api/folders/${UNKNOWN_FOLDER_ID}`).query({ key: h.admin.key });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorBody(404001));
  });
});

describe('the folder operations that are not offered (NotImplemented)', () => {
  const routes = () => [
    h.api.get('/api/folders/'),
    h.api.get('/api/folders'),
    h.api.put(`/api/folders/${genomes.id}`).send({ name: 'renamed' }),
    h.api.get(`/api/folders/${genomes.id}/contents/${hg19.id}`),
    h.api.put(`/api/folders/${genomes.id}/contents/${hg19.id}`).send({}),
  ];

  it('answer 501 with err_code 501001', async () => {
    for (const req of routes()) {
      const res = await req.query({ key: h.admin.key });
      expect(res.status).toBe(501);
      expect(res.body).toEqual(errorBody(501001));
    }
    const plain = await h.api.get('/api/folders/').query({ key: other.key });
    expect(plain.status).toBe(501);
  });

  it('still require an identity', async () => {
    for (const req of routes()) {
      const res = await req;
      expect(res.status).toBe(403);
      expect(res.body).toEqual(errorBody(403001));
    }
  });
});
