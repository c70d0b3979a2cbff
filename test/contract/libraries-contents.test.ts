import { ExtendedMetadataIndex } from '../../src/entities/extended-metadata.entity';
import {
  addDataset,
  createFolder,
  createGroup,
  createLibrary,
  createRole,
  errorBody,
  historyDataset,
  type LibraryDatasetRef,
  type LibraryRef,
  markLibraryDatasetDeleted,
  type Named,
  setDatasetRoles,
  setFolderRoles,
  setLibraryRoles,
  UNKNOWN_ID,
} from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * /api/libraries/{library_id}/contents: the recursive listing from '/', show of a folder or a dataset,
 * creation (folder, copy of a history dataset, collection) and the implicit-conversion link.
 *
 * Library "Lab":
 *   /docs/readme.txt           public
 *   /docs/drafts (deleted)
 *   /raw/run1/reads.txt        access: sequencers
 *   /raw/run2/                 empty
 *   /notes.txt                 public
 *   /old.txt                   deleted
 *   /secret.txt                access: sequencers
 */

let h: TestPlatform;
let sequencer: TestUser; // holds "sequencers" directly
let groupSequencer: TestUser; // through the group "core facility"
let other: TestUser;
let sequencers: Named;
let lab: LibraryRef;
let restricted: LibraryRef;
const folders: Record<string, Named> = {};
const files: Record<string, LibraryDatasetRef> = {};

beforeAll(async () => {
  h = await startTestPlatform();
  sequencer = await h.newUser('sequencer');
  groupSequencer = await h.newUser('groupsequencer');
  other = await h.newUser('other');
  const facility = await createGroup(h, 'core facility', { users: [groupSequencer] });
  sequencers = await createRole(h, 'sequencers', { users: [sequencer], groupIds: [facility.id] });
  lab = await createLibrary(h, 'Lab');
  folders.raw = await createFolder(h, lab.root_folder_id, 'raw');
  folders.docs = await createFolder(h, lab.root_folder_id, 'docs');
  folders.run1 = await createFolder(h, folders.raw.id, 'run1');
  folders.run2 = await createFolder(h, folders.raw.id, 'run2');
  folders.drafts = await createFolder(h, folders.docs.id, 'drafts');
  files['readme.txt'] = await addDataset(h, folders.docs.id, 'readme.txt');
  files['reads.txt'] = await addDataset(h, folders.run1.id, 'reads.txt');
  files['secret.txt'] = await addDataset(h, lab.root_folder_id, 'secret.txt');
  files['notes.txt'] = await addDataset(h, lab.root_folder_id, 'notes.txt');
  files['old.txt'] = await addDataset(h, lab.root_folder_id, 'old.txt');
  await h.api.delete(`/api/folders/${folders.drafts.id}`).query({ key: h.admin.key });
  await markLibraryDatasetDeleted(h, files['old.txt'].id);
  for (const name of ['reads.txt', 'secret.txt']) await setDatasetRoles(h, files[name].id, { access: [sequencers.name] });
  restricted = await createLibrary(h, 'Restricted');
  await setLibraryRoles(h, restricted.id, { access: [sequencers.name] });
}, patient(120000));
afterAll(() => h.close());

const listing = (libraryId: string, key?: string) => h.api.get(`/api/libraries/${libraryId}/contents`).query(key ? { key } : {});
const paths = (body: Array<{ name: string }>) => body.map((item) => item.name);
const url = (id: string) => `/api/libraries/${lab.id}/contents/${id}`;

describe('GET /api/libraries/{library_id}/contents', () => {
  it("lists everything recursively from the root '/', names being paths, with F ids for folders and urls", async () => {
    const res = await listing(lab.id, h.admin.key);
    expect(res.status).toBe(200);
    expect(paths(res.body)).toEqual(['/', '/docs', '/docs/readme.txt', '/raw', '/raw/run1', '/raw/run1/reads.txt', '/raw/run2', '/notes.txt', '/secret.txt']);
    expect(res.body[0]).toEqual({ id: lab.root_folder_id, type: 'folder', name: '/', url: url(lab.root_folder_id) });
    expect(res.body[1]).toEqual({ id: folders.docs.id, type: 'folder', name: '/docs', url: url(folders.docs.id) });
    expect(res.body[2]).toEqual({ id: files['readme.txt'].id, type: 'file', name: '/docs/readme.txt', url: url(files['readme.txt'].id) });
  });

  it('shows holders of the access roles (directly or through a group) their datasets and the folders holding them', async () => {
    for (const user of [sequencer, groupSequencer]) {
      const res = await listing(lab.id, user.key);
      expect(res.status).toBe(200);
      expect(paths(res.body)).toEqual(['/', '/docs', '/docs/readme.txt', '/raw', '/raw/run1', '/raw/run1/reads.txt', '/notes.txt', '/secret.txt']);
    }
  });

  it('shows other users only the public datasets and the folders holding one; never deleted items', async () => {
    const res = await listing(lab.id, other.key);
    expect(paths(res.body)).toEqual(['/', '/docs', '/docs/readme.txt', '/notes.txt']);
  });

  it('answers RequestParameterInvalidException for an unknown library or one the caller may not access', async () => {
    for (const [id, key] of [
      [UNKNOWN_ID, h.admin.key],
      [restricted.id, other.key],
    ]) {
      const res = await listing(id, key);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody(400008));
    }
    expect((await listing(restricted.id, sequencer.key)).status).toBe(200);
    expect((await listing(restricted.id, groupSequencer.key)).status).toBe(200);
  });

  it('answers MalformedId for an id that cannot be decoded', async () => {
    const res = await listing('not-an-id', h.admin.key);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(400009));
  });

  it('requires an identity', async () => {
    const res = await listing(lab.id);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody(403001));
  });
});

describe('GET /api/libraries/{library_id}/contents/{id}', () => {
  it("shows a folder record for an 'F' id", async () => {
    const res = await h.api.get(url(folders.run1.id)).query({ key: other.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ model_class: 'LibraryFolder', id: folders.run1.id, parent_id: folders.raw.id, name: 'run1', parent_library_id: lab.id, library_path: ['raw', 'run1'] }));
  });

  it('shows a library dataset record for a dataset id', async () => {
    const res = await h.api.get(url(files['readme.txt'].id)).query({ key: other.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id: files['readme.txt'].id, ldda_id: files['readme.txt'].ldda_id, name: 'readme.txt', folder_id: folders.docs.id, parent_library_id: lab.id }));
  });

  it('answers ObjectNotFound for a dataset the caller may not access, or an item of another library', async () => {
    expect((await h.api.get(url(files['secret.txt'].id)).query({ key: other.key })).status).toBe(404);
    expect((await h.api.get(url(files['secret.txt'].id)).query({ key: sequencer.key })).status).toBe(200);
    const elsewhere = await h.api.get(`/api/libraries/${restricted.id}/contents/${files['readme.txt'].id}`).query({ key: h.admin.key });
    expect(elsewhere.status).toBe(404);
    expect((await h.api.get(`/api/libraries/${restricted.id}/contents/${restricted.root_folder_id}`).query({ key: other.key })).status).toBe(404);
  });

  it('answers MalformedId for a dataset id or a folder id that cannot be decoded', async () => {
    for (const id of ['xyz', 'Fxyz']) {
      const res = await h.api.get(url(id)).query({ key: h.admin.key });
      expect(res.status).toBe(400);
      expect(res.body.err_code).toBe(400009);
    }
  });
});

describe('POST /api/libraries/{library_id}/contents: the contract’s checks (400 text)', () => {
  const post = (body: Record<string, unknown>) => h.api.post(`/api/libraries/${lab.id}/contents`).send({ key: h.admin.key, ...body });

  it('requires create_type', async () => {
    const res = await post({ folder_id: lab.root_folder_id, name: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toBe("Missing required 'create_type' parameter.");
  });

  it('accepts only file, folder and collection', async () => {
    const res = await post({ create_type: 'link', folder_id: lab.root_folder_id });
    expect(res.status).toBe(400);
    expect(res.body).toBe("Invalid value for 'create_type' parameter ( link ) specified.");
  });

  it('requires folder_id', async () => {
    const res = await post({ create_type: 'folder', name: 'x' });
    expect(res.status).toBe(400);
    expect(typeof res.body).toBe('string');
    expect(res.body).toMatch(/folder_id/);
  });

  it('answers 400 text for a malformed folder id or a folder of another library', async () => {
    const malformed = await post({ create_type: 'folder', folder_id: folders.raw.id.slice(1), name: 'x' });
    expect(malformed.status).toBe(400);
    expect(typeof malformed.body).toBe('string');
    const elsewhere = await post({ create_type: 'folder', folder_id: restricted.root_folder_id, name: 'x' });
    expect(elsewhere.status).toBe(400);
    expect(typeof elsewhere.body).toBe('string');
  });
});

describe('POST /api/libraries/{library_id}/contents: create_type folder', () => {
  it('creates a folder and returns [{id, name, url}] with an F id', async () => {
    const res = await h.api.post(`/api/libraries/${lab.id}/contents`).send({ key: h.admin.key, create_type: 'folder', folder_id: folders.raw.id, name: 'run3', description: 'third run' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: expect.stringMatching(/^F[0-9a-f]{16}$/), name: 'run3', url: url(res.body[0].id) }]);
    const folder = await h.api.get(`/api/folders/${res.body[0].id}`).query({ key: h.admin.key });
    expect(folder.body).toEqual(expect.objectContaining({ name: 'run3', description: 'third run', parent_id: folders.raw.id }));
  });

  it('accepts the form-encoded post of the platform clients', async () => {
    const res = await h.api.post(`/api/libraries/${lab.id}/contents`).type('form').send(`key=${h.admin.key}&create_type=folder&folder_id=${folders.raw.id}&name=run4`);
    expect(res.status).toBe(200);
    expect(res.body[0].name).toBe('run4');
  });

  it('lets holders of the add role create folders and refuses others with 403 {error}', async () => {
    const open = await createFolder(h, lab.root_folder_id, 'open');
    await setFolderRoles(h, open.id, { add: [sequencers.name] });
    const ok = await h.api.post(`/api/libraries/${lab.id}/contents`).send({ key: groupSequencer.key, create_type: 'folder', folder_id: open.id, name: 'mine' });
    expect(ok.status).toBe(200);
    const refused = await h.api.post(`/api/libraries/${lab.id}/contents`).send({ key: other.key, create_type: 'folder', folder_id: open.id, name: 'mine' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: expect.any(String) });
  });

  it('refuses anonymous callers (403 text, as the platform’s older routes)', async () => {
    const res = await h.api.post(`/api/libraries/${lab.id}/contents`).send({ create_type: 'folder', folder_id: folders.raw.id, name: 'x' });
    expect(res.status).toBe(403);
    expect(typeof res.body).toBe('string');
  });
});

describe('POST /api/libraries/{library_id}/contents: create_type file from a history dataset', () => {
  it("copies the dataset, stores its extended metadata indexed by path, and returns the new version's dictionary (following the platform, not the contract's list)", async () => {
    const hda = await historyDataset(h, h.admin.key, 'sample data\n', 'sample.txt');
    const res = await h.api.post(`/api/libraries/${lab.id}/contents`).send({
      key: h.admin.key,
      create_type: 'file',
      folder_id: folders.docs.id,
      from_hda_id: hda,
      ldda_message: 'imported',
      extended_metadata: { sample: { name: 'liver', reads: [10, 20] }, paired: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ model_class: 'LibraryDatasetDatasetAssociation', library_dataset_id: expect.stringMatching(/^[0-9a-f]{16}$/), name: 'sample.txt' }));
    const detail = await h.api.get(`/api/libraries/datasets/${res.body.library_dataset_id}`).query({ key: h.admin.key });
    expect(detail.body).toEqual(expect.objectContaining({ name: 'sample.txt', folder_id: folders.docs.id, message: 'imported' }));
    const em = h.platform.services.db.orm.em.fork();
    const rows = await em.find(ExtendedMetadataIndex, { extendedMetadata: { ldda: { id: h.platform.services.ids.decode(detail.body.ldda_id) } } }, { orderBy: { path: 'asc' } });
    expect(rows.map((row) => [row.path, row.value])).toEqual([
      ['/paired', 'True'],
      ['/sample/name', 'liver'],
      ['/sample/reads[0]', '10'],
      ['/sample/reads[1]', '20'],
    ]);
  });

  it('reads extended_metadata sent as JSON text in a form post', async () => {
    const hda = await historyDataset(h, h.admin.key, 'form data\n', 'form.txt');
    const res = await h.api
      .post(`/api/libraries/${lab.id}/contents`)
      .type('form')
      .send(`key=${h.admin.key}&create_type=file&folder_id=${folders.docs.id}&from_hda_id=${hda}&extended_metadata=${encodeURIComponent('{"lab": "wet"}')}`);
    expect(res.status).toBe(200);
    const em = h.platform.services.db.orm.em.fork();
    const detail = await h.api.get(`/api/libraries/datasets/${res.body.library_dataset_id}`).query({ key: h.admin.key });
    const rows = await em.find(ExtendedMetadataIndex, { extendedMetadata: { ldda: { id: h.platform.services.ids.decode(detail.body.ldda_id) } } });
    expect(rows.map((row) => [row.path, row.value])).toEqual([['/lab', 'wet']]);
  });

  it('answers 403 {error} when the caller may not add to the folder or may not access the dataset', async () => {
    const own = await historyDataset(h, other.key, 'mine\n');
    const noAdd = await h.api.post(`/api/libraries/${lab.id}/contents`).send({ key: other.key, create_type: 'file', folder_id: folders.docs.id, from_hda_id: own });
    expect(noAdd.status).toBe(403);
    expect(noAdd.body).toEqual({ error: expect.any(String) });
    const open = await createFolder(h, lab.root_folder_id, 'inbox');
    await setFolderRoles(h, open.id, { add: [sequencers.name] });
    const foreign = await h.api.post(`/api/libraries/${lab.id}/contents`).send({ key: sequencer.key, create_type: 'file', folder_id: open.id, from_hda_id: own });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ error: expect.any(String) });
    const hda = await historyDataset(h, sequencer.key, 'theirs\n', 'theirs.txt');
    const allowed = await h.api.post(`/api/libraries/${lab.id}/contents`).send({ key: sequencer.key, create_type: 'file', folder_id: open.id, from_hda_id: hda });
    expect(allowed.status).toBe(200);
  });

  it('answers 400 text when the library is deleted', async () => {
    const doomed = await createLibrary(h, 'Doomed');
    await h.api.delete(`/api/libraries/${doomed.id}`).query({ key: h.admin.key });
    const hda = await historyDataset(h, h.admin.key, 'late\n');
    const res = await h.api.post(`/api/libraries/${doomed.id}/contents`).send({ key: h.admin.key, create_type: 'file', folder_id: doomed.root_folder_id, from_hda_id: hda });
    expect(res.status).toBe(400);
    expect(typeof res.body).toBe('string');
  });
});

describe('POST /api/libraries/{library_id}/contents: create_type collection', () => {
  it('creates a list of library datasets and returns one dataset-collection instance dictionary', async () => {
    const res = await h.api.post(`/api/libraries/${lab.id}/contents`).send({
      key: h.admin.key,
      create_type: 'collection',
      folder_id: folders.docs.id,
      collection_type: 'list',
      name: 'all notes',
      element_identifiers: [
        { src: 'ld', id: files['notes.txt'].id, name: 'first' },
        { src: 'ld', id: files['readme.txt'].id, name: 'second' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const [collection] = res.body;
    expect(collection).toEqual(
      expect.objectContaining({ id: expect.stringMatching(/^[0-9a-f]{16}$/), name: 'all notes', collection_type: 'list', populated: true, url: expect.stringContaining(`/api/libraries/${lab.id}/contents/`) }),
    );
    expect(collection.elements.map((e: { element_index: number; element_identifier: string }) => [e.element_index, e.element_identifier])).toEqual([
      [0, 'first'],
      [1, 'second'],
    ]);
    expect(collection.elements[0].object).toEqual(expect.objectContaining({ id: files['notes.txt'].ldda_id, name: 'notes.txt' }));
  });

  it('reads src ldda as one version and src ld as a library dataset', async () => {
    const res = await h.api.post(`/api/libraries/${lab.id}/contents`).send({
      key: h.admin.key,
      create_type: 'collection',
      folder_id: folders.docs.id,
      collection_type: 'list',
      element_identifiers: [
        { src: 'ldda', id: files['readme.txt'].ldda_id, name: 'by version' },
        { src: 'ld', id: files['notes.txt'].id, name: 'by dataset' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body[0].elements.map((e: { object: { id: string } }) => e.object.id)).toEqual([files['readme.txt'].ldda_id, files['notes.txt'].ldda_id]);
  });

  it('creates a paired collection (forward, reverse)', async () => {
    const res = await h.api.post(`/api/libraries/${lab.id}/contents`).send({
      key: h.admin.key,
      create_type: 'collection',
      folder_id: folders.docs.id,
      collection_type: 'paired',
      name: 'pair',
      element_identifiers: JSON.stringify([
        { src: 'ld', id: files['notes.txt'].id },
        { src: 'ld', id: files['readme.txt'].id },
      ]),
    });
    expect(res.status).toBe(200);
    expect(res.body[0].collection_type).toBe('paired');
    expect(res.body[0].elements.map((e: { element_identifier: string }) => e.element_identifier)).toEqual(['forward', 'reverse']);
  });

  it('answers 400 text for a paired collection without two elements, and 403 {error} without the add right', async () => {
    const bad = await h.api.post(`/api/libraries/${lab.id}/contents`).send({
      key: h.admin.key,
      create_type: 'collection',
      folder_id: folders.docs.id,
      collection_type: 'paired',
      element_identifiers: [{ src: 'ld', id: files['notes.txt'].id }],
    });
    expect(bad.status).toBe(400);
    expect(typeof bad.body).toBe('string');
    const refused = await h.api.post(`/api/libraries/${lab.id}/contents`).send({
      key: other.key,
      create_type: 'collection',
      folder_id: folders.docs.id,
      collection_type: 'list',
      element_identifiers: [{ src: 'ld', id: files['notes.txt'].id }],
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: expect.any(String) });
  });
});

describe('PUT /api/libraries/{library_id}/contents/{id}', () => {
  it('records the implicit conversion of a dataset to another (converted_dataset_id)', async () => {
    const converted = await addDataset(h, folders.docs.id, 'notes.tabular', 'a\tb\n');
    const res = await h.api.put(url(files['notes.txt'].id)).send({ key: h.admin.key, converted_dataset_id: converted.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ model_class: 'ImplicitlyConvertedDatasetAssociation', ldda_parent_id: files['notes.txt'].ldda_id, ldda_id: converted.ldda_id, type: 'txt' }));
    const wrapped = await h.api.put(url(files['notes.txt'].id)).query({ key: h.admin.key }).send({ payload: { converted_dataset_id: converted.id } });
    expect(wrapped.status).toBe(200);
    expect(wrapped.body.id).toBe(res.body.id); // recorded once
  });

  it('answers ObjectNotFound for a dataset of another library', async () => {
    const elsewhere = await createLibrary(h, 'Elsewhere');
    const res = await h.api.put(`/api/libraries/${elsewhere.id}/contents/${files['notes.txt'].id}`).send({ key: h.admin.key, converted_dataset_id: files['readme.txt'].id });
    expect(res.status).toBe(404);
  });

  it('is open to holders of the modify role of the dataset (taken from its folder)', async () => {
    const editable = await createFolder(h, lab.root_folder_id, 'editable');
    await setFolderRoles(h, editable.id, { modify: [sequencers.name] });
    const source = await addDataset(h, editable.id, 'source.txt');
    const target = await addDataset(h, editable.id, 'target.txt');
    const res = await h.api.put(url(source.id)).send({ key: groupSequencer.key, converted_dataset_id: target.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ ldda_parent_id: source.ldda_id, ldda_id: target.ldda_id }));
  });

  it('requires converted_dataset_id, the right to modify the dataset, and an identity', async () => {
    const missing = await h.api.put(url(files['notes.txt'].id)).send({ key: h.admin.key });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(errorBody(400007));
    const refused = await h.api.put(url(files['notes.txt'].id)).send({ key: other.key, converted_dataset_id: files['readme.txt'].id });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(errorBody(403005));
    expect((await h.api.put(url(files['notes.txt'].id)).send({ converted_dataset_id: files['readme.txt'].id })).status).toBe(403);
  });
});
