import { addDataset, createLibrary, createRole, historyDataset, type LibraryRef, setDatasetRoles, UNKNOWN_ID } from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/** The library routes clients call by the platform's other spellings, and the copy reply real clients index. */

let h: TestPlatform;
let alice: TestUser;
let editor: TestUser;
let lab: LibraryRef;
let gone: LibraryRef;

const contentsOf = async (libraryId: string, key = h.admin.key) =>
  (await h.api.get(`/api/libraries/${libraryId}/contents`).query({ key })).body as Array<{ id: string; type: string; name: string }>;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  editor = await h.newUser('editor');
  lab = await createLibrary(h, 'Lab');
  gone = await createLibrary(h, 'Gone');
  await h.api.delete(`/api/libraries/${gone.id}`).query({ key: h.admin.key });
});
afterAll(() => h.close());

describe('GET /api/libraries/deleted', () => {
  it('lists the deleted libraries only, for administrators', async () => {
    const res = await h.api.get('/api/libraries/deleted').query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ model_class: 'Library', id: gone.id, name: 'Gone', deleted: true })]);
  });

  it('lists the live libraries for other users, who never see deleted ones (as the platform, and as ?deleted=true does)', async () => {
    const res = await h.api.get('/api/libraries/deleted').query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body.map((library: { name: string }) => library.name)).not.toContain('Gone');
    expect(res.body).toEqual((await h.api.get('/api/libraries').query({ key: alice.key, deleted: 'true' })).body);
  });
});

describe('GET /api/libraries/deleted/{id}', () => {
  it('shows a deleted library to administrators', async () => {
    const res = await h.api.get(`/api/libraries/deleted/${gone.id}`).query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ model_class: 'Library', id: gone.id, deleted: true, root_folder_id: gone.root_folder_id }));
  });

  it('does not find a live library there, nor a deleted one for other users (as the platform)', async () => {
    expect((await h.api.get(`/api/libraries/deleted/${lab.id}`).query({ key: h.admin.key })).status).toBe(404);
    expect((await h.api.get(`/api/libraries/deleted/${gone.id}`).query({ key: alice.key })).status).toBe(404);
    expect((await h.api.get(`/api/libraries/deleted/${UNKNOWN_ID}`).query({ key: h.admin.key })).status).toBe(404);
  });

  it('leaves GET /api/libraries/{id} as it was', async () => {
    const res = await h.api.get(`/api/libraries/${lab.id}`).query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Lab');
  });
});

describe('DELETE /api/libraries/{library_id}/contents/{id}', () => {
  it("deletes a library dataset and answers the platform's {id, deleted}", async () => {
    const dataset = await addDataset(h, lab.root_folder_id, 'doomed.txt');
    const res = await h.api.delete(`/api/libraries/${lab.id}/contents/${dataset.id}`).query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: dataset.id, deleted: true });
    expect((await contentsOf(lab.id)).map((item) => item.id)).not.toContain(dataset.id);
    const detail = await h.api.get(`/api/libraries/datasets/${dataset.id}`).query({ key: h.admin.key });
    expect(detail.body.deleted).toBe(true);
  });

  it('purges with purge in the body (without a Content-Type, as clients send it) or the query, answering {id, deleted, purged}', async () => {
    const first = await addDataset(h, lab.root_folder_id, 'purged-by-body.txt');
    const byBody = await h.api.delete(`/api/libraries/${lab.id}/contents/${first.id}`).query({ key: h.admin.key }).set('Content-Type', '').send(Buffer.from(JSON.stringify({ purge: true })));
    expect(byBody.status).toBe(200);
    expect(byBody.body).toEqual({ id: first.id, deleted: true, purged: true });
    const second = await addDataset(h, lab.root_folder_id, 'purged-by-query.txt');
    const byQuery = await h.api.delete(`/api/libraries/${lab.id}/contents/${second.id}`).query({ key: h.admin.key, purge: 'true' });
    expect(byQuery.body).toEqual({ id: second.id, deleted: true, purged: true });
  });

  it('lets a user holding modify on the library dataset delete it, and refuses users without it', async () => {
    const editors = await createRole(h, 'editors', { users: [editor] });
    const readOnly = await addDataset(h, lab.root_folder_id, 'read-only.txt');
    const refused = await h.api.delete(`/api/libraries/${lab.id}/contents/${readOnly.id}`).query({ key: alice.key });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(expect.objectContaining({ err_code: 403005 }));
    const dataset = await addDataset(h, lab.root_folder_id, 'editable.txt');
    // The platform's rule: modify roles are taken among the access roles.
    await setDatasetRoles(h, dataset.id, { access: [editors.name], modify: [editors.name] });
    const res = await h.api.delete(`/api/libraries/${lab.id}/contents/${dataset.id}`).query({ key: editor.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: dataset.id, deleted: true });
  });

  it('refuses folder ids (F prefix) with 400, and a dataset of another library or an unknown one with 404', async () => {
    const folder = await h.api.delete(`/api/libraries/${lab.id}/contents/${lab.root_folder_id}`).query({ key: h.admin.key });
    expect(folder.status).toBe(400);
    const other = await createLibrary(h, 'Other');
    const elsewhere = await addDataset(h, other.root_folder_id, 'elsewhere.txt');
    expect((await h.api.delete(`/api/libraries/${lab.id}/contents/${elsewhere.id}`).query({ key: h.admin.key })).status).toBe(404);
    expect((await h.api.delete(`/api/libraries/${lab.id}/contents/${UNKNOWN_ID}`).query({ key: h.admin.key })).status).toBe(404);
  });

  it('needs an identity', async () => {
    const dataset = await addDataset(h, lab.root_folder_id, 'anonymous.txt');
    const res = await h.api.delete(`/api/libraries/${lab.id}/contents/${dataset.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(expect.objectContaining({ err_code: 403001 }));
  });
});

describe('GET /api/datasets/{id}?hda_ldda=ldda', () => {
  it("shows a library dataset version as the platform's ldda dictionary", async () => {
    const dataset = await addDataset(h, lab.root_folder_id, 'shown.txt', 'shown\n');
    const res = await h.api.get(`/api/datasets/${dataset.ldda_id}`).query({ key: h.admin.key, hda_ldda: 'ldda' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({
        model_class: 'LibraryDatasetDatasetAssociation',
        hda_ldda: 'ldda',
        id: dataset.ldda_id,
        library_dataset_id: dataset.id,
        name: 'shown.txt',
        state: 'ok',
        file_ext: 'txt',
        file_size: 'shown\n'.length,
        parent_library_id: lab.id,
        folder_id: lab.root_folder_id,
      }),
    );
  });

  it('refuses a restricted version to a user without access, and answers unknown ids with 404', async () => {
    const role = await createRole(h, 'secret keepers', { users: [editor] });
    const dataset = await addDataset(h, lab.root_folder_id, 'secret.txt');
    await setDatasetRoles(h, dataset.id, { access: [role.name] });
    expect((await h.api.get(`/api/datasets/${dataset.ldda_id}`).query({ key: alice.key, hda_ldda: 'ldda' })).status).toBe(404);
    expect((await h.api.get(`/api/datasets/${dataset.ldda_id}`).query({ key: editor.key, hda_ldda: 'ldda' })).status).toBe(200);
    expect((await h.api.get(`/api/datasets/${UNKNOWN_ID}`).query({ key: h.admin.key, hda_ldda: 'ldda' })).status).toBe(404);
  });

  it('still shows history datasets without hda_ldda, or with hda_ldda=hda', async () => {
    const hda = await historyDataset(h, alice.key, 'mine\n', 'mine.txt');
    for (const query of [{ key: alice.key }, { key: alice.key, hda_ldda: 'hda' }]) {
      const res = await h.api.get(`/api/datasets/${hda}`).query(query);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expect.objectContaining({ model_class: 'HistoryDatasetAssociation', id: hda }));
    }
  });
});

describe('POST /api/libraries/{library_id}/contents with from_hda_id', () => {
  it("returns the new library dataset's dictionary with library_dataset_id, not a list (following the platform, not the contract's wording)", async () => {
    const hda = await historyDataset(h, h.admin.key, 'copied\n', 'copied.txt');
    const res = await h.api.post(`/api/libraries/${lab.id}/contents`).send({ key: h.admin.key, create_type: 'file', folder_id: lab.root_folder_id, from_hda_id: hda });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(false);
    expect(res.body).toEqual(
      expect.objectContaining({
        model_class: 'LibraryDatasetDatasetAssociation',
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        library_dataset_id: expect.stringMatching(/^[0-9a-f]{16}$/),
        name: 'copied.txt',
        folder_id: lab.root_folder_id,
        parent_library_id: lab.id,
      }),
    );
    const listed = await contentsOf(lab.id);
    expect(listed).toContainEqual(expect.objectContaining({ id: res.body.library_dataset_id, name: '/copied.txt', type: 'file' }));
  });

  it('still answers folder creation with a list', async () => {
    const res = await h.api.post(`/api/libraries/${lab.id}/contents`).send({ key: h.admin.key, create_type: 'folder', folder_id: lab.root_folder_id, name: 'new folder' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ id: expect.stringMatching(/^F/), name: 'new folder' })]);
  });
});
