import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { binaryParser, decoded, expectError, sql, UNKNOWN_ID } from '../support/job-helpers';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let historyId: string;
let text: string;
let table: string;

const TEXT = 'The quick brown fox\njumps over the lazy dog\n';
const TABLE = 'a\t1\nb\t2\n';

async function uploaded(content: string, fileType: string, name?: string): Promise<string> {
  const upload = await uploadText(h, alice.key, historyId, content, { fileType, name });
  await waitForJob(h, alice.key, upload.jobId);
  return upload.datasetId;
}

const display = (id: string, query: Record<string, unknown> = { key: alice.key }) => h.api.get(`/api/datasets/${id}/display`).query(query).buffer(true).parse(binaryParser);

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  historyId = await createHistory(h, alice.key);
  text = await uploaded(TEXT, 'txt', 'fox.txt');
  table = await uploaded(TABLE, 'tabular', 'numbers');
});
afterAll(() => h.close());

describe('GET /api/datasets/{id}', () => {
  it("shows the owner's dataset in the detailed view", async () => {
    const res = await h.api.get(`/api/datasets/${table}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({
        model_class: 'HistoryDatasetAssociation',
        id: table,
        history_id: historyId,
        name: 'numbers',
        state: 'ok',
        extension: 'tabular',
        file_size: TABLE.length,
        metadata_columns: 2,
        metadata_column_types: ['str', 'int'],
        data_type: 'galaxy.datatypes.tabular.Tabular',
        url: `/api/histories/${historyId}/contents/${table}`,
        file_name: null,
      }),
    );
    expect(res.body.create_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?$/);
  });

  it('honours view= and keys=', async () => {
    const summary = await h.api.get(`/api/datasets/${table}`).query({ key: alice.key, view: 'summary' });
    expect(summary.body).not.toHaveProperty('model_class');
    expect(summary.body).toHaveProperty('hid', 2);
    const keys = await h.api.get(`/api/datasets/${table}`).query({ key: alice.key, keys: 'name,misc_blurb' });
    expect(keys.body).toEqual({ name: 'numbers', misc_blurb: '2 lines' });
  });

  it('offers the extended and inaccessible views of the platform', async () => {
    const extended = await h.api.get(`/api/datasets/${table}`).query({ key: alice.key, view: 'extended' });
    expect(extended.body).toEqual(expect.objectContaining({ model_class: 'HistoryDatasetAssociation', tool_version: expect.any(String), parent_id: null, designation: null }));
    const inaccessible = await h.api.get(`/api/datasets/${table}`).query({ key: alice.key, view: 'inaccessible' });
    expect(Object.keys(inaccessible.body).sort()).toEqual(['deleted', 'hid', 'history_content_type', 'history_id', 'id', 'name', 'state', 'visible']);
  });

  it('shows the server path to administrators', async () => {
    const res = await h.api.get(`/api/datasets/${table}`).query({ key: h.admin.key });
    expect(res.body.file_name).toMatch(/dataset_\d+\.dat$/);
  });

  it("shows a public dataset to anyone, and refuses a restricted one to other users and anonymous callers (following the platform's dataset access roles)", async () => {
    expect((await h.api.get(`/api/datasets/${table}`).query({ key: bob.key })).status).toBe(200);
    expect((await h.api.get(`/api/datasets/${table}`)).status).toBe(200);
    await h.api.put(`/api/datasets/${table}/permissions`).query({ key: alice.key }).send({ action: 'make_private' });
    expectError(await h.api.get(`/api/datasets/${table}`).query({ key: bob.key }), 403, 403002);
    expectError(await h.api.get(`/api/datasets/${table}`), 403, 403002);
    await h.api.put(`/api/datasets/${table}/permissions`).query({ key: alice.key }).send({ action: 'remove_restrictions' });
  });

  it('answers MalformedId and ObjectNotFound for bad ids', async () => {
    expectError(await h.api.get('/api/datasets/not-an-id').query({ key: alice.key }), 400, 400009);
    expectError(await h.api.get(`/api/datasets/${UNKNOWN_ID}`).query({ key: alice.key }), 404, 404001);
  });

  it('lets other users read datasets of a published history', async () => {
    const published = await createHistory(h, alice.key, 'published');
    const upload = await uploadText(h, alice.key, published, 'open\n', { fileType: 'txt' });
    await waitForJob(h, alice.key, upload.jobId);
    await h.api.put(`/api/histories/${published}`).query({ key: alice.key }).send({ published: true });
    expect((await h.api.get(`/api/datasets/${upload.datasetId}`).query({ key: bob.key })).status).toBe(200);
    expect((await display(upload.datasetId, { key: bob.key })).body.toString()).toBe('open\n');
  });
});

describe('GET /api/datasets/{id}/display', () => {
  it('sends the content with the content type of the datatype', async () => {
    const res = await display(text);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect((res.body as Buffer).toString()).toBe(TEXT);
    const tab = await display(table);
    expect(tab.headers['content-type']).toMatch(/^text\/plain/);
    expect((tab.body as Buffer).toString()).toBe(TABLE);
  });

  it('answers a Range request with 206 and the asked bytes', async () => {
    const res = await h.api.get(`/api/datasets/${text}/display`).query({ key: alice.key }).set('Range', 'bytes=4-8').buffer(true).parse(binaryParser);
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 4-8/${TEXT.length}`);
    expect((res.body as Buffer).toString()).toBe('quick');
    const tail = await h.api.get(`/api/datasets/${text}/display`).query({ key: alice.key }).set('Range', 'bytes=-4').buffer(true).parse(binaryParser);
    expect(tail.status).toBe(206);
    expect((tail.body as Buffer).toString()).toBe('dog\n');
    const beyond = await h.api.get(`/api/datasets/${text}/display`).query({ key: alice.key }).set('Range', `bytes=${TEXT.length + 10}-`);
    expect(beyond.status).toBe(416);
  });

  it('offers a download named after the dataset with to_ext', async () => {
    const res = await display(text, { key: alice.key, to_ext: 'txt' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Galaxy1-[fox.txt].txt"');
  });

  it('is also served under the history contents path', async () => {
    const res = await h.api.get(`/api/histories/${historyId}/contents/${table}/display`).query({ key: alice.key }).buffer(true).parse(binaryParser);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).toString()).toBe(TABLE);
  });

  it("refuses a restricted dataset to other users and anonymous callers (a public one downloads: see dataset-permissions.test.ts), and bad ids", async () => {
    await h.api.put(`/api/datasets/${text}/permissions`).query({ key: alice.key }).send({ action: 'make_private' });
    expectError(await h.api.get(`/api/datasets/${text}/display`).query({ key: bob.key }), 403, 403002);
    expectError(await h.api.get(`/api/datasets/${text}/display`), 403, 403002);
    await h.api.put(`/api/datasets/${text}/permissions`).query({ key: alice.key }).send({ action: 'remove_restrictions' });
    expectError(await h.api.get('/api/datasets/not-an-id/display').query({ key: alice.key }), 400, 400009);
    expectError(await h.api.get(`/api/datasets/${UNKNOWN_ID}/display`).query({ key: alice.key }), 404, 404001);
  });

  it('refuses a dataset that is not ready, and one that was purged', async () => {
    const pending = await uploaded('later\n', 'txt');
    await sql(h, "update dataset set state = 'queued' where id = (select dataset_id from history_dataset_association where id = ?)", [decoded(h, pending)]);
    const notReady = await h.api.get(`/api/datasets/${pending}/display`).query({ key: alice.key });
    expect(notReady.status).toBe(400);
    expect(notReady.body.err_msg).toMatch(/not ready/);
    const purged = await uploaded('gone\n', 'txt');
    await h.api.delete(`/api/histories/${historyId}/contents/${purged}`).query({ key: alice.key, purge: 'true' });
    expectError(await h.api.get(`/api/datasets/${purged}/display`).query({ key: alice.key }), 404, 404001);
  });
});
