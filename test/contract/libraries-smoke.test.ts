import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

describe('a library from creation to listing', () => {
  it('creates a library, a folder, copies a history dataset in, and lists it', async () => {
    const library = await h.api.post('/api/libraries').send({ key: h.admin.key, name: 'Genomes', description: 'd', synopsis: 's' });
    expect(library.status).toBe(200);
    expect(library.body.root_folder_id).toMatch(/^F[0-9a-f]{16}$/);
    const folder = await h.api.post(`/api/libraries/${library.body.id}/contents`).send({ key: h.admin.key, create_type: 'folder', folder_id: library.body.root_folder_id, name: 'hg19' });
    expect(folder.status).toBe(200);
    const historyId = await createHistory(h, h.admin.key);
    const upload = await uploadText(h, h.admin.key, historyId, 'chr1\t10\t20\n');
    await waitForJob(h, h.admin.key, upload.jobId);
    const copy = await h.api.post(`/api/folders/${folder.body[0].id}/contents`).send({ key: h.admin.key, from_hda_id: upload.datasetId });
    expect(copy.status).toBe(200);
    const listing = await h.api.get(`/api/libraries/${library.body.id}/contents`).query({ key: h.admin.key });
    expect(listing.status).toBe(200);
    expect(listing.body.map((item: { name: string }) => item.name)).toEqual(['/', '/hg19', '/hg19/Pasted Entry']);
    const contents = await h.api.get(`/api/folders/${folder.body[0].id}/contents`).query({ key: alice.key });
    expect(contents.status).toBe(200);
    expect(contents.body.folder_contents[0]).toEqual(expect.objectContaining({ type: 'file', name: 'Pasted Entry', file_size: '11 bytes', is_unrestricted: true }));
    const detail = await h.api.get(`/api/libraries/datasets/${contents.body.folder_contents[0].id}`).query({ key: alice.key });
    expect(detail.status).toBe(200);
    expect(detail.body.full_path.map((entry: string[]) => entry[1])).toEqual(['Genomes', 'hg19', 'Pasted Entry']);
  });
});

describe('POST /api/histories/{id}/contents with source=library', () => {
  it('imports the current version of an accessible library dataset into a history, sharing its file', async () => {
    const library = await h.api.post('/api/libraries').send({ key: h.admin.key, name: 'Shared' });
    const historyId = await createHistory(h, h.admin.key);
    const upload = await uploadText(h, h.admin.key, historyId, 'x\ty\n');
    await waitForJob(h, h.admin.key, upload.jobId);
    const created = await h.api
      .post(`/api/libraries/${library.body.id}/contents`)
      .send({ key: h.admin.key, create_type: 'file', folder_id: library.body.root_folder_id, from_hda_id: upload.datasetId });
    expect(created.status).toBe(200);
    const target = await createHistory(h, alice.key);
    const copy = await h.api.post(`/api/histories/${target}/contents`).send({ key: alice.key, source: 'library', content: created.body.library_dataset_id });
    expect(copy.status).toBe(200);
    expect(copy.body).toEqual(expect.objectContaining({ name: 'Pasted Entry', state: 'ok', history_id: target }));
    const original = await h.api.get(`/api/datasets/${upload.datasetId}`).query({ key: h.admin.key });
    expect(copy.body.dataset_id).toBe(original.body.dataset_id);
  });
});
