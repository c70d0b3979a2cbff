import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { decoded, expectError } from '../support/job-helpers';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let historyId: string;
/** An upload (hid 1), a second upload (hid 2), and cat1 of both (hid 3). */
let first: { datasetId: string; jobId: string };
let second: { datasetId: string; jobId: string };
let joined: { datasetId: string; jobId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const provenance = (id: string, query: Record<string, string> = { key: alice.key }, history = historyId) =>
  h.api.get(`/api/histories/${history}/contents/${id}/provenance`).query(query);

const setPermissions = (id: string, key: string, payload: Record<string, unknown>) => h.api.put(`/api/datasets/${id}/permissions`).query({ key }).send(payload);

async function uuidOf(id: string): Promise<string> {
  const res = await h.api.get(`/api/datasets/${id}`).query({ key: alice.key });
  return res.body.uuid as string;
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  historyId = await createHistory(h, alice.key);
  first = await uploadText(h, alice.key, historyId, 'a\t1\n', { fileType: 'tabular', name: 'one' });
  await waitForJob(h, alice.key, first.jobId);
  second = await uploadText(h, alice.key, historyId, 'b\t2\n', { fileType: 'tabular', name: 'two' });
  await waitForJob(h, alice.key, second.jobId);
  const run = await runTool(h, alice.key, historyId, 'cat1', { input1: { src: 'hda', id: first.datasetId }, 'queries_0|input2': { src: 'hda', id: second.datasetId } });
  joined = { datasetId: run.outputs[0]!.id, jobId: run.jobs[0]!.id };
  await waitForJob(h, alice.key, joined.jobId);
});
afterAll(() => h.close());

describe('GET /api/histories/{history_id}/contents/{id}/provenance', () => {
  it("gives the owner the creating job's tool_id, job_id, raw parameters, stdout and stderr", async () => {
    const res = await provenance(joined.datasetId);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['id', 'job_id', 'parameters', 'stderr', 'stdout', 'tool_id', 'uuid']);
    expect(res.body).toEqual(
      expect.objectContaining({ id: joined.datasetId, uuid: await uuidOf(joined.datasetId), job_id: joined.jobId, tool_id: 'cat1', stdout: expect.any(String), stderr: expect.any(String) }),
    );
  });

  it('lists each dataset input as {id, uuid} and the other parameters as the JSON text the platform stores', async () => {
    const { parameters } = (await provenance(joined.datasetId)).body;
    expect(parameters.input1).toEqual({ id: first.datasetId, uuid: await uuidOf(first.datasetId) });
    expect(parameters['queries_0|input2']).toEqual({ id: second.datasetId, uuid: await uuidOf(second.datasetId) });
    // The repeat as stored: its instances with __index__, the dataset by its integer id.
    expect(typeof parameters.queries).toBe('string');
    expect(JSON.parse(parameters.queries)).toEqual([{ __index__: 0, input2: decoded(h, second.datasetId) }]);
    expect(parameters.queries).toBe(`[{"__index__": 0, "input2": ${decoded(h, second.datasetId)}}]`);
  });

  it("describes an upload by the upload tool's job", async () => {
    const res = await provenance(first.datasetId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id: first.datasetId, job_id: first.jobId, tool_id: 'upload1' }));
    expect(res.body.uuid).toMatch(UUID);
    expect(res.body.parameters.file_type).toBe('"tabular"');
    expect(res.body.parameters.dbkey).toBe('"?"');
    expect(JSON.parse(res.body.parameters.files)).toEqual([expect.objectContaining({ __index__: 0, url_paste: 'a\t1\n' })]);
  });

  it('shows a public dataset (no access roles: readable by id) to another user, as the platform does', async () => {
    const res = await provenance(joined.datasetId, { key: bob.key });
    expect(res.status).toBe(200);
    expect(res.body.job_id).toBe(joined.jobId);
  });

  it('refuses another user a dataset restricted to its owner (ItemAccessibilityException), and lets an administrator read it', async () => {
    const upload = await uploadText(h, alice.key, historyId, 'secret\n', { fileType: 'txt' });
    await waitForJob(h, alice.key, upload.jobId);
    expect((await setPermissions(upload.datasetId, alice.key, { action: 'make_private' })).status).toBe(200);
    expectError(await provenance(upload.datasetId, { key: bob.key }), 403, 403002);
    const admin = await provenance(upload.datasetId, { key: h.admin.key });
    expect(admin.status).toBe(200);
    expect(admin.body.job_id).toBe(upload.jobId);
  });

  it('needs a user, even for a public dataset (the platform exposes it to users only)', async () => {
    expectError(await provenance(joined.datasetId, {}), 403, 403001);
  });

  it('answers MalformedId for an id that does not decode, ObjectNotFound for a dataset of another history', async () => {
    expectError(await provenance('not-an-id'), 400, 400009);
    const other = await createHistory(h, alice.key, 'other');
    expectError(await provenance(joined.datasetId, { key: alice.key }, other), 404, 404001);
  });

  it("describes a copy by its source's creating job (the platform's creating_job follows the copy chain)", async () => {
    const target = await createHistory(h, alice.key, 'copies');
    const copy = await h.api.post(`/api/histories/${target}/contents`).send({ key: alice.key, source: 'hda', content: joined.datasetId, type: 'dataset' });
    expect(copy.status).toBe(200);
    const res = await provenance(copy.body.id, { key: alice.key }, target);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id: copy.body.id, job_id: joined.jobId, tool_id: 'cat1', uuid: await uuidOf(joined.datasetId) }));
  });
});

describe('provenance with follow=true', () => {
  it("replaces each input by that input's own provenance, recursively (upload -> cat1)", async () => {
    const res = await provenance(joined.datasetId, { key: alice.key, follow: 'true' });
    expect(res.status).toBe(200);
    const upload = res.body.parameters.input1;
    expect(upload).toEqual(expect.objectContaining({ id: first.datasetId, uuid: await uuidOf(first.datasetId), job_id: first.jobId, tool_id: 'upload1' }));
    expect(upload.parameters.file_type).toBe('"tabular"');
    expect(res.body.parameters['queries_0|input2']).toEqual(expect.objectContaining({ id: second.datasetId, job_id: second.jobId, tool_id: 'upload1' }));
    const plain = (await provenance(first.datasetId)).body;
    expect(upload).toEqual(plain);
  });

  it('follows three steps with one statement per level', async () => {
    const run = await runTool(h, alice.key, historyId, 'cat1', { input1: { src: 'hda', id: joined.datasetId } });
    await waitForJob(h, alice.key, run.jobs[0]!.id);
    const top = run.outputs[0]!.id;
    await h.warmKeys(alice.key);
    const shallow = await provenance(top);
    const deep = await provenance(top, { key: alice.key, follow: 'true' });
    expect(deep.body.parameters.input1.parameters.input1.tool_id).toBe('upload1');
    expect(deep.body.parameters.input1.parameters.input1.parameters).not.toHaveProperty('input1');
    // Three levels of inputs below the dataset (cat1, cat1, upload), each one statement.
    expect(h.queriesOf(deep)).toBe(h.queriesOf(shallow) + 2);
  });

  it('without follow, keeps the inputs as {id, uuid}', async () => {
    const res = await provenance(joined.datasetId, { key: alice.key, follow: 'false' });
    expect(res.body.parameters.input1).toEqual({ id: first.datasetId, uuid: await uuidOf(first.datasetId) });
  });
});

describe('provenance of a dataset without a creating job', () => {
  it('is {id, uuid} only (a dataset whose job record is gone), as the platform answers', async () => {
    const upload = await uploadText(h, alice.key, historyId, 'orphan\n', { fileType: 'txt' });
    await waitForJob(h, alice.key, upload.jobId);
    await h.platform.services.db.orm.em.fork().getConnection().execute('delete from job_to_output_dataset where job_id = ?', [decoded(h, upload.jobId)]);
    const res = await provenance(upload.datasetId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: upload.datasetId, uuid: await uuidOf(upload.datasetId) });
  });
});

describe('the graph: datasetProvenance', () => {
  it('returns the same dictionary', async () => {
    const res = await h.api
      .post('/graphql')
      .set('x-api-key', alice.key)
      .send({ query: 'query ($h: ID!, $id: ID!) { datasetProvenance(historyId: $h, id: $id, follow: true) }', variables: { h: historyId, id: joined.datasetId } });
    expect(res.status).toBe(200);
    expect(res.body.data.datasetProvenance).toEqual((await provenance(joined.datasetId, { key: alice.key, follow: 'true' })).body);
  });
});
