import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { expectError, UNKNOWN_ID } from '../support/job-helpers';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let historyId: string;
let bobHistory: string;
let first: string;
let second: string;
let third: string;

const SUMMARY_KEYS = ['id', 'name', 'type_id', 'history_id', 'hid', 'history_content_type', 'dataset_id', 'state', 'extension', 'deleted', 'purged', 'visible', 'type', 'url'];
const DETAILED_KEYS = [
  ...SUMMARY_KEYS,
  'model_class', 'hda_ldda', 'accessible', 'genome_build', 'misc_info', 'misc_blurb', 'file_ext', 'file_size', 'create_time', 'update_time', 'resubmitted',
  'meta_files', 'data_type', 'peek', 'uuid', 'permissions', 'file_name', 'display_apps', 'display_types', 'visualizations', 'download_url', 'annotation', 'tags', 'api_type',
];
/** Detailed keys plus the metadata_* keys of a text dataset. */
const withMetadata = (keys: string[]) => [...keys, 'metadata_data_lines', 'metadata_dbkey'].sort();

async function uploaded(key: string, history: string, content: string, name?: string): Promise<string> {
  const upload = await uploadText(h, key, history, content, { fileType: 'txt', name });
  await waitForJob(h, key, upload.jobId);
  return upload.datasetId;
}

const contents = (history: string, query: Record<string, unknown>) => h.api.get(`/api/histories/${history}/contents`).query(query);
const ids = (body: Array<{ id: string }>) => body.map((item) => item.id);

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  historyId = await createHistory(h, alice.key);
  bobHistory = await createHistory(h, bob.key);
  first = await uploaded(alice.key, historyId, 'one\n', 'first');
  second = await uploaded(alice.key, historyId, 'two\n', 'second');
  third = await uploaded(alice.key, historyId, 'three\n', 'third');
});
afterAll(() => h.close());

describe('GET /api/histories/{id}/contents', () => {
  it('lists the datasets by hid in the summary view', async () => {
    const res = await contents(historyId, { key: alice.key });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([first, second, third]);
    expect(res.body.map((item: { hid: number }) => item.hid)).toEqual([1, 2, 3]);
    for (const item of res.body) expect(Object.keys(item).sort()).toEqual([...SUMMARY_KEYS].sort());
    expect(res.body[0]).toEqual({
      id: first,
      name: 'first',
      type_id: `dataset-${first}`,
      history_id: historyId,
      hid: 1,
      history_content_type: 'dataset',
      dataset_id: expect.any(String),
      state: 'ok',
      extension: 'txt',
      deleted: false,
      purged: false,
      visible: true,
      type: 'file',
      url: `/api/histories/${historyId}/contents/${first}`,
    });
  });

  it('selects datasets with ids=, and gives details for the ids named in details=', async () => {
    const some = await contents(historyId, { key: alice.key, ids: `${third},${first}` });
    expect(ids(some.body)).toEqual([first, third]);
    const detailed = await contents(historyId, { key: alice.key, details: second });
    expect(Object.keys(detailed.body[0]).sort()).toEqual([...SUMMARY_KEYS].sort());
    expect(Object.keys(detailed.body[1]).sort()).toEqual(withMetadata(DETAILED_KEYS));
    const all = await contents(historyId, { key: alice.key, details: 'all' });
    expect(all.body.every((item: Record<string, unknown>) => item.model_class === 'HistoryDatasetAssociation')).toBe(true);
  });

  it('returns the view= and keys= asked for', async () => {
    const detailed = await contents(historyId, { key: alice.key, view: 'detailed' });
    expect(Object.keys(detailed.body[0]).sort()).toEqual(withMetadata(DETAILED_KEYS));
    const keys = await contents(historyId, { key: alice.key, keys: 'name,hid,file_size' });
    expect(keys.body[0]).toEqual({ name: 'first', hid: 1, file_size: 4 });
    const both = await contents(historyId, { key: alice.key, view: 'summary', keys: 'misc_blurb' });
    expect(Object.keys(both.body[0]).sort()).toEqual([...SUMMARY_KEYS, 'misc_blurb'].sort());
    expectError(await contents(historyId, { key: alice.key, view: 'nonsense' }), 400, 400008);
  });

  it('filters on deleted and visible', async () => {
    await h.api.put(`/api/histories/${historyId}/contents/${second}`).query({ key: alice.key }).send({ visible: false });
    await h.api.delete(`/api/histories/${historyId}/contents/${third}`).query({ key: alice.key });
    expect(ids((await contents(historyId, { key: alice.key })).body)).toEqual([first, second, third]);
    expect(ids((await contents(historyId, { key: alice.key, deleted: 'false' })).body)).toEqual([first, second]);
    expect(ids((await contents(historyId, { key: alice.key, deleted: 'true' })).body)).toEqual([third]);
    expect(ids((await contents(historyId, { key: alice.key, visible: 'true' })).body)).toEqual([first, third]);
    expect(ids((await contents(historyId, { key: alice.key, visible: 'false', deleted: 'false' })).body)).toEqual([second]);
    await h.api.put(`/api/histories/${historyId}/contents/${second}`).query({ key: alice.key }).send({ visible: true });
    await h.api.put(`/api/histories/${historyId}/contents/${third}`).query({ key: alice.key }).send({ deleted: false });
  });

  it("refuses another user's private history, but lets an administrator read it", async () => {
    expectError(await contents(historyId, { key: bob.key }), 403, 403002);
    expectError(await contents(historyId, {}), 403, 403002);
    const admin = await contents(historyId, { key: h.admin.key });
    expect(ids(admin.body)).toEqual([first, second, third]);
  });

  it('lets anyone read a published history', async () => {
    const published = await createHistory(h, alice.key, 'published');
    const item = await uploaded(alice.key, published, 'public\n');
    expect((await h.api.put(`/api/histories/${published}`).query({ key: alice.key }).send({ published: true })).status).toBe(200);
    expect(ids((await contents(published, { key: bob.key })).body)).toEqual([item]);
  });

  it('answers MalformedId and ObjectNotFound for bad history ids, MalformedId for bad ids=', async () => {
    expectError(await contents('bogus', { key: alice.key }), 400, 400009);
    expectError(await contents(UNKNOWN_ID, { key: alice.key }), 404, 404001);
    expectError(await contents(historyId, { key: alice.key, ids: `${first},bogus` }), 400, 400009);
  });
});

describe('GET /api/histories/{id}/contents/{id}', () => {
  it('shows a dataset in the detailed view', async () => {
    const res = await h.api.get(`/api/histories/${historyId}/contents/${first}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(withMetadata(DETAILED_KEYS));
    expect(res.body).toEqual(
      expect.objectContaining({
        model_class: 'HistoryDatasetAssociation',
        id: first,
        name: 'first',
        hda_ldda: 'hda',
        accessible: true,
        file_ext: 'txt',
        file_size: 4,
        misc_blurb: '1 line',
        metadata_data_lines: 1,
        data_type: 'galaxy.datatypes.data.Text',
        download_url: `/api/histories/${historyId}/contents/${first}/display`,
        file_name: null,
        api_type: 'file',
      }),
    );
  });

  it('shows the server path only to administrators', async () => {
    const res = await h.api.get(`/api/histories/${historyId}/contents/${first}`).query({ key: h.admin.key });
    expect(res.body.file_name).toMatch(/dataset_\d+\.dat$/);
  });

  it('honours keys=', async () => {
    const res = await h.api.get(`/api/histories/${historyId}/contents/${first}`).query({ key: alice.key, keys: 'id,state' });
    expect(res.body).toEqual({ id: first, state: 'ok' });
  });

  it('shows a public dataset to other users but not a restricted one (following the platform: the dataset decides), and answers ObjectNotFound for a dataset of another history', async () => {
    expect((await h.api.get(`/api/histories/${historyId}/contents/${first}`).query({ key: bob.key })).status).toBe(200);
    await h.api.put(`/api/datasets/${first}/permissions`).query({ key: alice.key }).send({ action: 'make_private' });
    expectError(await h.api.get(`/api/histories/${historyId}/contents/${first}`).query({ key: bob.key }), 403, 403002);
    await h.api.put(`/api/datasets/${first}/permissions`).query({ key: alice.key }).send({ action: 'remove_restrictions' });
    const other = await createHistory(h, alice.key, 'other');
    expectError(await h.api.get(`/api/histories/${other}/contents/${first}`).query({ key: alice.key }), 404, 404001);
    expectError(await h.api.get(`/api/histories/${historyId}/contents/bogus`).query({ key: alice.key }), 400, 400009);
    expectError(await h.api.get(`/api/histories/${historyId}/contents/${UNKNOWN_ID}`).query({ key: alice.key }), 404, 404001);
  });
});

describe('POST /api/histories/{id}/contents', () => {
  it('copies a dataset with source=hda and content', async () => {
    const target = await createHistory(h, alice.key, 'copies');
    const res = await h.api.post(`/api/histories/${target}/contents`).send({ key: alice.key, source: 'hda', content: first });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ history_id: target, hid: 1, name: 'first', state: 'ok', model_class: 'HistoryDatasetAssociation' }));
    expect(res.body.id).not.toBe(first);
    const original = await h.api.get(`/api/datasets/${first}`).query({ key: alice.key });
    expect(res.body.dataset_id).toBe(original.body.dataset_id);
    const content = await h.api.get(`/api/datasets/${res.body.id}/display`).query({ key: alice.key });
    expect(content.text).toBe('one\n');
  });

  it('copies with the older from_hda_id, also in a form post', async () => {
    const target = await createHistory(h, alice.key, 'copies 2');
    const res = await h.api.post(`/api/histories/${target}/contents`).type('form').send({ key: alice.key, from_hda_id: second });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ name: 'second', hid: 1 }));
  });

  it('copies a dataset of a published history of another user', async () => {
    const published = await createHistory(h, alice.key, 'shared');
    const item = await uploaded(alice.key, published, 'shared\n');
    await h.api.put(`/api/histories/${published}`).query({ key: alice.key }).send({ published: true });
    const res = await h.api.post(`/api/histories/${bobHistory}/contents`).send({ key: bob.key, source: 'hda', content: item });
    expect(res.status).toBe(200);
    expect(res.body.history_id).toBe(bobHistory);
  });

  it("refuses to copy into another user's history or from a private one", async () => {
    expectError(await h.api.post(`/api/histories/${historyId}/contents`).send({ key: bob.key, source: 'hda', content: first }), 403, 403003);
    expectError(await h.api.post(`/api/histories/${bobHistory}/contents`).send({ key: bob.key, source: 'hda', content: first }), 403, 403002);
    expectError(await h.api.post(`/api/histories/${historyId}/contents`).send({ source: 'hda', content: first }), 403, 403001);
  });

  it('checks source, content and type', async () => {
    expectError(await h.api.post(`/api/histories/${historyId}/contents`).send({ key: alice.key, source: 'hda' }), 400, 400007);
    expectError(await h.api.post(`/api/histories/${historyId}/contents`).send({ key: alice.key, source: 'nowhere', content: first }), 400, 400008);
    expectError(await h.api.post(`/api/histories/${historyId}/contents`).send({ key: alice.key, content: first }), 400, 400008);
    expectError(await h.api.post(`/api/histories/${historyId}/contents`).send({ key: alice.key, type: 'nonsense', source: 'hda', content: first }), 400, 400010);
    expectError(await h.api.post(`/api/histories/${historyId}/contents`).send({ key: alice.key, source: 'hda', content: 'bogus' }), 400, 400009);
    expectError(await h.api.post(`/api/histories/${historyId}/contents`).send({ key: alice.key, source: 'hda', content: UNKNOWN_ID }), 404, 404001);
    expectError(await h.api.post(`/api/histories/bogus/contents`).send({ key: alice.key, source: 'hda', content: first }), 400, 400009);
  });
});

describe('PUT /api/histories/{id}/contents/{id}', () => {
  it('changes name, info, genome build, annotation and tags, and returns the dataset', async () => {
    const res = await h.api
      .put(`/api/histories/${historyId}/contents/${first}`)
      .query({ key: alice.key })
      .send({ name: 'renamed <b>bold</b><script>alert(1)</script>', genome_build: 'hg19', misc_info: 'some info', annotation: 'noted', tags: ['group:a', 'b'], unknown_key: 'ignored' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id: first, genome_build: 'hg19', misc_info: 'some info', annotation: 'noted' }));
    // sanitized with the platform's allow-list: <b> stays, <script> goes with its content
    expect(res.body.name).toBe('renamed <b>bold</b>');
    expect([...res.body.tags].sort()).toEqual(['b', 'group:a']);
  });

  it('accepts a JSON body without a content type, as the platform clients send it', async () => {
    const res = await h.api.put(`/api/histories/${historyId}/contents/${first}?key=${alice.key}`).set('Content-Type', '').send(Buffer.from(JSON.stringify({ name: 'raw body' })));
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('raw body');
  });

  it('refuses values of the wrong type', async () => {
    expectError(await h.api.put(`/api/histories/${historyId}/contents/${first}`).query({ key: alice.key }).send({ visible: 'perhaps' }), 400, 400004);
    expectError(await h.api.put(`/api/histories/${historyId}/contents/${first}`).query({ key: alice.key }).send({ name: 42 }), 400, 400004);
  });

  it('is for the owner and administrators', async () => {
    expectError(await h.api.put(`/api/histories/${historyId}/contents/${first}`).query({ key: bob.key }).send({ name: 'mine' }), 403, 403003);
    expectError(await h.api.put(`/api/histories/${historyId}/contents/${first}`).send({ name: 'anonymous' }), 403, 403001);
    const admin = await h.api.put(`/api/histories/${historyId}/contents/${first}`).query({ key: h.admin.key }).send({ name: 'by admin' });
    expect(admin.body.name).toBe('by admin');
    expectError(await h.api.put(`/api/histories/${historyId}/contents/bogus`).query({ key: alice.key }).send({ name: 'x' }), 400, 400009);
    expectError(await h.api.put(`/api/histories/${historyId}/contents/${UNKNOWN_ID}`).query({ key: alice.key }).send({ name: 'x' }), 404, 404001);
  });
});

describe('DELETE /api/histories/{id}/contents/{id}', () => {
  it('marks the dataset deleted and answers {id, deleted, purged}', async () => {
    const item = await uploaded(alice.key, historyId, 'to delete\n');
    const res = await h.api.delete(`/api/histories/${historyId}/contents/${item}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: item, deleted: true, purged: false });
    const shown = await h.api.get(`/api/histories/${historyId}/contents/${item}`).query({ key: alice.key });
    expect(shown.body.deleted).toBe(true);
    // undeleted with PUT
    const undeleted = await h.api.put(`/api/histories/${historyId}/contents/${item}`).query({ key: alice.key }).send({ deleted: false });
    expect(undeleted.body.deleted).toBe(false);
  });

  it('purges with purge=true (query or payload), after which the file is gone and it cannot be undeleted', async () => {
    const item = await uploaded(alice.key, historyId, 'to purge\n');
    const res = await h.api.delete(`/api/histories/${historyId}/contents/${item}`).query({ key: alice.key }).send({ purge: true });
    expect(res.body).toEqual({ id: item, deleted: true, purged: true });
    expectError(await h.api.get(`/api/datasets/${item}/display`).query({ key: alice.key }), 404, 404001);
    expectError(await h.api.put(`/api/histories/${historyId}/contents/${item}`).query({ key: alice.key }).send({ deleted: false }), 400, 400004);
    const other = await uploaded(alice.key, historyId, 'to purge too\n');
    const byQuery = await h.api.delete(`/api/histories/${historyId}/contents/${other}`).query({ key: alice.key, purge: 'true' });
    expect(byQuery.body.purged).toBe(true);
  });

  it('is for the owner and administrators', async () => {
    expectError(await h.api.delete(`/api/histories/${historyId}/contents/${first}`).query({ key: bob.key }), 403, 403003);
    expectError(await h.api.delete(`/api/histories/${historyId}/contents/${first}`), 403, 403001);
    expectError(await h.api.delete(`/api/histories/${historyId}/contents/bogus`).query({ key: alice.key }), 400, 400009);
    expectError(await h.api.delete(`/api/histories/${historyId}/contents/${UNKNOWN_ID}`).query({ key: alice.key }), 404, 404001);
    const item = await uploaded(alice.key, historyId, 'admin deletes\n');
    expect((await h.api.delete(`/api/histories/${historyId}/contents/${item}`).query({ key: h.admin.key })).body.deleted).toBe(true);
  });
});
