import { readdirSync } from 'node:fs';
import { createHistory, datasetText, waitForJob } from '../support/data-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

const LIMIT = 1000;
let h: TestPlatform;
let alice: TestUser;

beforeAll(async () => {
  h = await startTestPlatform({ MAX_UPLOAD_BYTES: String(LIMIT) });
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

const RUN_UPLOAD = `mutation ($input: RunToolInput!) { runTool(input: $input) { outputs { name dataset { id } } jobs { id } } }`;

/** A GraphQL multipart request (graphql-multipart-request-spec) running upload1 with one file. */
function upload(historyId: string, content: Buffer, filename: string, preflight = true) {
  const operations = {
    query: RUN_UPLOAD,
    variables: { input: { toolId: 'upload1', historyId, inputs: { 'files_0|type': 'upload_dataset', file_type: 'txt' }, files: [{ name: 'files_0|file_data', file: null }] } },
  };
  return h.api
    .post('/graphql')
    .query({ key: alice.key })
    .set(preflight ? { 'apollo-require-preflight': 'true' } : {})
    .field('operations', JSON.stringify(operations))
    .field('map', JSON.stringify({ 0: ['variables.input.files.0.file'] }))
    .attach('0', content, filename);
}

const uploadStoreFiles = () => readdirSync(h.platform.services.layout.uploadStore).length;

describe('runTool with a file sent through GraphQL (the multipart request spec)', () => {
  it('stores the file and the upload job reaches ok', async () => {
    const historyId = await createHistory(h, alice.key);
    const res = await upload(historyId, Buffer.from('through the graph\n'), 'graph.txt');
    expect(res.body.errors).toBeUndefined();
    const { outputs, jobs } = res.body.data.runTool;
    expect((await waitForJob(h, alice.key, jobs[0].id)).state).toBe('ok');
    expect(await datasetText(h, alice.key, outputs[0].dataset.id)).toBe('through the graph\n');
  });

  it('refuses a file over the limit at once, keeping no part of it and creating no dataset', async () => {
    const historyId = await createHistory(h, alice.key);
    const before = uploadStoreFiles();
    const res = await upload(historyId, Buffer.alloc(LIMIT * 3, 'a'), 'huge.txt');
    expect(res.body.errors[0].extensions).toEqual(expect.objectContaining({ code: 'RequestParameterInvalidException', errCode: 400008 }));
    expect(res.body.errors[0].message).toContain('larger than the limit');
    expect(uploadStoreFiles()).toBe(before);
    expect((await h.api.get(`/api/histories/${historyId}/contents`).query({ key: alice.key })).body).toEqual([]);
  });
});

describe('a multipart /graphql request without a preflight header (a cross-site form could send one)', () => {
  it("is refused by Apollo's CSRF guard before its files are read: nothing is stored, nothing runs", async () => {
    const historyId = await createHistory(h, alice.key);
    const before = uploadStoreFiles();
    // Over the size limit: had the body been read, the answer would be the parser's refusal.
    const res = await upload(historyId, Buffer.alloc(LIMIT * 3, 'a'), 'forged.txt', false);
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/Cross-Site Request Forgery/);
    expect(uploadStoreFiles()).toBe(before);
    expect((await h.api.get(`/api/histories/${historyId}/contents`).query({ key: alice.key })).body).toEqual([]);
  });
});
