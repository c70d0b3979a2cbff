import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { decoded, expectError, sql, UNKNOWN_ID } from '../support/job-helpers';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let aliceHistory: string;
let otherAliceHistory: string;
let bobHistory: string;
/** alice: two uploads then cat1 in aliceHistory; one upload in otherAliceHistory. bob: one upload. */
let upload1: { datasetId: string; jobId: string };
let upload2: { datasetId: string; jobId: string };
let catJob: string;
let catOutput: string;
let otherUploadJob: string;
let bobJob: string;

const COLLECTION_KEYS = ['model_class', 'id', 'state', 'exit_code', 'update_time', 'create_time', 'tool_id'].sort();
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?$/;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  aliceHistory = await createHistory(h, alice.key, 'alice main');
  otherAliceHistory = await createHistory(h, alice.key, 'alice other');
  bobHistory = await createHistory(h, bob.key, 'bob main');
  upload1 = await uploadText(h, alice.key, aliceHistory, 'one\n', { fileType: 'txt' });
  upload2 = await uploadText(h, alice.key, aliceHistory, 'two\n', { fileType: 'txt' });
  await waitForJob(h, alice.key, upload1.jobId);
  await waitForJob(h, alice.key, upload2.jobId);
  const run = await runTool(h, alice.key, aliceHistory, 'cat1', { input1: { src: 'hda', id: upload1.datasetId }, 'queries_0|input2': { src: 'hda', id: upload2.datasetId } });
  catJob = run.jobs[0].id;
  catOutput = run.outputs[0].id;
  await waitForJob(h, alice.key, catJob);
  otherUploadJob = (await uploadText(h, alice.key, otherAliceHistory, 'three\n', { fileType: 'txt' })).jobId;
  await waitForJob(h, alice.key, otherUploadJob);
  bobJob = (await uploadText(h, bob.key, bobHistory, 'bob\n', { fileType: 'txt' })).jobId;
  await waitForJob(h, bob.key, bobJob);
});
afterAll(() => h.close());

const ids = (body: Array<{ id: string }>) => body.map((job) => job.id);

describe('GET /api/jobs', () => {
  it("lists the caller's own jobs, newest first, in the collection view", async () => {
    const res = await h.api.get('/api/jobs').query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([otherUploadJob, catJob, upload2.jobId, upload1.jobId]);
    for (const job of res.body) {
      expect(Object.keys(job).sort()).toEqual(COLLECTION_KEYS);
      expect(job.model_class).toBe('Job');
      expect(job.update_time).toMatch(ISO);
      expect(job.create_time).toMatch(ISO);
    }
    expect(res.body[1]).toEqual(expect.objectContaining({ id: catJob, state: 'ok', exit_code: 0, tool_id: 'cat1' }));
  });

  it("never shows another user's jobs to a non-administrator", async () => {
    const res = await h.api.get('/api/jobs').query({ key: bob.key });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([bobJob]);
  });

  it('shows every job to an administrator, with external_id and command_line', async () => {
    const res = await h.api.get('/api/jobs').query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(expect.arrayContaining([bobJob, catJob, upload1.jobId]));
    const cat = res.body.find((job: { id: string }) => job.id === catJob);
    expect(Object.keys(cat).sort()).toEqual([...COLLECTION_KEYS, 'command_line', 'external_id'].sort());
    expect(cat.command_line).toMatch(/^cat /);
    const master = await h.api.get('/api/jobs').query({ key: h.masterKey });
    expect(master.status).toBe(200);
    expect(ids(master.body)).toEqual(expect.arrayContaining([bobJob, catJob]));
  });

  it('refuses anonymous callers', async () => {
    expectError(await h.api.get('/api/jobs'), 403, 403001);
  });

  it('refuses an invalid API key', async () => {
    expectError(await h.api.get('/api/jobs').query({ key: 'not-a-key' }), 403, 403001);
  });

  it('filters by state; repeated states are alternatives', async () => {
    const ok = await h.api.get('/api/jobs').query({ key: alice.key, state: 'ok' });
    expect(ids(ok.body)).toHaveLength(4);
    const none = await h.api.get('/api/jobs').query({ key: alice.key, state: 'error' });
    expect(none.body).toEqual([]);
    const either = await h.api.get('/api/jobs?state=error&state=ok').query({ key: alice.key });
    expect(ids(either.body)).toHaveLength(4);
    const bracketed = await h.api.get('/api/jobs?state[]=queued&state[]=ok').query({ key: alice.key });
    expect(ids(bracketed.body)).toHaveLength(4);
  });

  it('filters by tool_id (alternatives) and tool_id_like (SQL like patterns)', async () => {
    const cat = await h.api.get('/api/jobs').query({ key: alice.key, tool_id: 'cat1' });
    expect(ids(cat.body)).toEqual([catJob]);
    const both = await h.api.get('/api/jobs?tool_id=cat1&tool_id=upload1').query({ key: alice.key });
    expect(ids(both.body)).toHaveLength(4);
    const like = await h.api.get('/api/jobs').query({ key: alice.key, tool_id_like: 'up%' });
    expect(ids(like.body)).toEqual([otherUploadJob, upload2.jobId, upload1.jobId]);
    const likeEither = await h.api.get('/api/jobs?tool_id_like=ca_1&tool_id_like=nothing%').query({ key: alice.key });
    expect(ids(likeEither.body)).toEqual([catJob]);
  });

  it('filters by history_id; an undecodable history_id is ObjectAttributeInvalidException', async () => {
    const main = await h.api.get('/api/jobs').query({ key: alice.key, history_id: aliceHistory });
    expect(ids(main.body)).toEqual([catJob, upload2.jobId, upload1.jobId]);
    const other = await h.api.get('/api/jobs').query({ key: alice.key, history_id: otherAliceHistory });
    expect(ids(other.body)).toEqual([otherUploadJob]);
    const bobs = await h.api.get('/api/jobs').query({ key: alice.key, history_id: bobHistory });
    expect(bobs.body).toEqual([]);
    expectError(await h.api.get('/api/jobs').query({ key: alice.key, history_id: 'xyz' }), 400, 400004);
  });

  it('filters by date_range_min / date_range_max on the update time, inclusive', async () => {
    const all = await h.api.get('/api/jobs').query({ key: alice.key });
    const cat = all.body.find((job: { id: string }) => job.id === catJob);
    const day = (cat.update_time as string).slice(0, 10);
    const dayAfter = new Date(Date.parse(`${day}T00:00:00Z`) + 86400000).toISOString().slice(0, 10);
    const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86400000).toISOString().slice(0, 10);
    expect(ids((await h.api.get('/api/jobs').query({ key: alice.key, date_range_min: day, date_range_max: day })).body)).toHaveLength(4);
    expect((await h.api.get('/api/jobs').query({ key: alice.key, date_range_min: dayAfter })).body).toEqual([]);
    expect((await h.api.get('/api/jobs').query({ key: alice.key, date_range_max: dayBefore })).body).toEqual([]);
    // the exact update time is inside both bounds
    const exact = await h.api.get('/api/jobs').query({ key: alice.key, date_range_min: cat.update_time, date_range_max: cat.update_time });
    expect(ids(exact.body)).toEqual([catJob]);
    // also when the database keeps more digits than a job shows
    await sql(h, "update job set update_time = '2030-01-02 03:04:05.678912+00' where id = ?", [decoded(h, otherUploadJob)]);
    const shown = (await h.api.get(`/api/jobs/${otherUploadJob}`).query({ key: alice.key })).body.update_time;
    expect(shown).toBe('2030-01-02T03:04:05.678000');
    const precise = await h.api.get('/api/jobs').query({ key: alice.key, date_range_min: shown, date_range_max: shown });
    expect(ids(precise.body)).toEqual([otherUploadJob]);
    expect((await h.api.get('/api/jobs').query({ key: alice.key, date_range_min: '2030-01-02 03:04:05.679' })).body).toEqual([]);
    expect(ids((await h.api.get('/api/jobs').query({ key: alice.key, date_range_min: '2030-01-02', date_range_max: '2030-01-02' })).body)).toEqual([otherUploadJob]);
    await sql(h, 'update job set update_time = create_time where id = ?', [decoded(h, otherUploadJob)]);
    expectError(await h.api.get('/api/jobs').query({ key: alice.key, date_range_min: 'yesterday-ish' }), 400, 400008);
  });

  it('adds user_email with user_details', async () => {
    const res = await h.api.get('/api/jobs').query({ key: alice.key, user_details: 'true' });
    expect(res.body.map((job: { user_email: string }) => job.user_email)).toEqual(Array(4).fill(alice.email));
    const admin = await h.api.get('/api/jobs').query({ key: h.admin.key, user_details: 'True', tool_id: 'upload1' });
    expect(new Set(admin.body.map((job: { user_email: string }) => job.user_email))).toEqual(new Set([alice.email, bob.email]));
    const off = await h.api.get('/api/jobs').query({ key: h.admin.key, user_details: 'false' });
    expect(off.body[0]).not.toHaveProperty('user_email');
    const one = await h.api.get('/api/jobs').query({ key: alice.key, user_details: '1' });
    expect(one.body[0].user_email).toBe(alice.email);
  });

  it('orders by update time, or by creation time with order_by=create_time', async () => {
    // the first upload is touched last: it leads by update time but stays last by creation time
    await sql(h, "update job set update_time = now() + interval '1 hour' where id = ?", [decoded(h, upload1.jobId)]);
    const byUpdate = await h.api.get('/api/jobs').query({ key: alice.key });
    expect(ids(byUpdate.body)[0]).toBe(upload1.jobId);
    const byCreate = await h.api.get('/api/jobs').query({ key: alice.key, order_by: 'create_time' });
    expect(ids(byCreate.body)).toEqual([otherUploadJob, catJob, upload2.jobId, upload1.jobId]);
  });
});

describe('GET /api/jobs/{id}', () => {
  it('shows the element view: params, inputs, outputs and job_metrics', async () => {
    const res = await h.api.get(`/api/jobs/${catJob}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...COLLECTION_KEYS, 'params', 'inputs', 'outputs', 'job_metrics'].sort());
    expect(res.body).toEqual(
      expect.objectContaining({
        model_class: 'Job',
        id: catJob,
        tool_id: 'cat1',
        state: 'ok',
        exit_code: 0,
        inputs: { input1: { id: upload1.datasetId, src: 'hda' }, 'queries_0|input2': { id: upload2.datasetId, src: 'hda' } },
        outputs: { out_file1: { id: catOutput, src: 'hda' } },
      }),
    );
    expect(res.body.params).toEqual(expect.any(Object));
    expect(res.body.params).not.toHaveProperty('input1');
  });

  it('reports job metrics as {title, value, plugin, name, raw_value} with text raw values', async () => {
    const res = await h.api.get(`/api/jobs/${catJob}`).query({ key: alice.key });
    const metrics = res.body.job_metrics as Array<Record<string, unknown>>;
    expect(metrics.length).toBeGreaterThan(0);
    for (const metric of metrics) {
      expect(Object.keys(metric).sort()).toEqual(['name', 'plugin', 'raw_value', 'title', 'value']);
      expect(typeof metric.raw_value).toBe('string');
    }
    const byName = Object.fromEntries(metrics.map((metric) => [metric.name, metric]));
    expect(byName.exit_code).toEqual({ title: 'Exit Code', value: '0', plugin: 'core', name: 'exit_code', raw_value: '0' });
    expect(byName.runtime_seconds).toEqual(expect.objectContaining({ title: 'Job Runtime (Wall Clock)', plugin: 'core', value: expect.stringMatching(/seconds?$/) }));
    expect(Number(byName.runtime_seconds.raw_value)).toBeGreaterThanOrEqual(0);
    expect(Number(byName.end_epoch.raw_value)).toBeGreaterThanOrEqual(Number(byName.start_epoch.raw_value));
    expect(byName.start_epoch.value).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('adds stdout and stderr with full=true', async () => {
    const plain = await h.api.get(`/api/jobs/${catJob}`).query({ key: alice.key });
    expect(plain.body).not.toHaveProperty('stdout');
    const full = await h.api.get(`/api/jobs/${catJob}`).query({ key: alice.key, full: 'true' });
    expect(full.body).toEqual(expect.objectContaining({ stdout: '', stderr: '' }));
    expect(full.body).not.toHaveProperty('user_email');
    const falsy = await h.api.get(`/api/jobs/${catJob}`).query({ key: alice.key, full: 'false' });
    expect(falsy.body).not.toHaveProperty('stdout');
    for (const spelling of ['1', 't', 'Y']) {
      expect((await h.api.get(`/api/jobs/${catJob}`).query({ key: alice.key, full: spelling })).body).toHaveProperty('stdout');
    }
  });

  it('adds user_email, external_id and command_line for an administrator', async () => {
    const res = await h.api.get(`/api/jobs/${catJob}`).query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ user_email: alice.email, command_line: expect.stringMatching(/^cat /) }));
    expect(res.body).toHaveProperty('external_id');
    const owner = await h.api.get(`/api/jobs/${catJob}`).query({ key: alice.key });
    expect(owner.body).not.toHaveProperty('command_line');
    expect(owner.body).not.toHaveProperty('external_id');
  });

  it("answers ObjectNotFound for another user's job", async () => {
    expectError(await h.api.get(`/api/jobs/${catJob}`).query({ key: bob.key }), 404, 404001);
  });

  it('answers MalformedId for an undecodable id and ObjectNotFound for an unknown one', async () => {
    const malformed = await h.api.get('/api/jobs/not-an-id').query({ key: alice.key });
    expectError(malformed, 400, 400009);
    expect(malformed.body.err_msg).toBe('The id of the resource is malformed.');
    expectError(await h.api.get('/api/jobs/1234567890123456').query({ key: alice.key }), 400, 400009);
    expectError(await h.api.get(`/api/jobs/${h.platform.services.ids.encode(9999)}`).query({ key: alice.key }), 404, 404001);
  });

  it('refuses anonymous callers', async () => {
    expectError(await h.api.get(`/api/jobs/${catJob}`), 403, 403001);
  });
});

describe('GET /api/jobs/{id}/inputs', () => {
  it('lists {name, dataset: {src, id}} for each input', async () => {
    const res = await h.api.get(`/api/jobs/${catJob}/inputs`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { name: 'input1', dataset: { src: 'hda', id: upload1.datasetId } },
      { name: 'queries_0|input2', dataset: { src: 'hda', id: upload2.datasetId } },
    ]);
    const upload = await h.api.get(`/api/jobs/${upload1.jobId}/inputs`).query({ key: alice.key });
    expect(upload.body).toEqual([]);
  });

  it('is for the owner and administrators', async () => {
    expect((await h.api.get(`/api/jobs/${catJob}/inputs`).query({ key: h.admin.key })).status).toBe(200);
    expectError(await h.api.get(`/api/jobs/${catJob}/inputs`).query({ key: bob.key }), 404, 404001);
    expectError(await h.api.get(`/api/jobs/${catJob}/inputs`), 403, 403001);
    expectError(await h.api.get('/api/jobs/zzz/inputs').query({ key: alice.key }), 400, 400009);
    expectError(await h.api.get(`/api/jobs/${h.platform.services.ids.encode(9999)}/inputs`).query({ key: alice.key }), 404, 404001);
  });
});

describe('GET /api/jobs/{id}/outputs', () => {
  it('lists {name, dataset: {src, id}} for each output', async () => {
    const res = await h.api.get(`/api/jobs/${catJob}/outputs`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ name: 'out_file1', dataset: { src: 'hda', id: catOutput } }]);
    const upload = await h.api.get(`/api/jobs/${upload1.jobId}/outputs`).query({ key: alice.key });
    expect(upload.body).toEqual([{ name: 'output0', dataset: { src: 'hda', id: upload1.datasetId } }]);
  });

  it('is for the owner and administrators', async () => {
    expect((await h.api.get(`/api/jobs/${catJob}/outputs`).query({ key: h.masterKey })).status).toBe(200);
    expectError(await h.api.get(`/api/jobs/${catJob}/outputs`).query({ key: bob.key }), 404, 404001);
    expectError(await h.api.get(`/api/jobs/${catJob}/outputs`), 403, 403001);
    expectError(await h.api.get('/api/jobs/zzz/outputs').query({ key: alice.key }), 400, 400009);
    expectError(await h.api.get(`/api/jobs/${UNKNOWN_ID}/outputs`).query({ key: alice.key }), 404, 404001);
  });
});

describe('POST /api/jobs', () => {
  it('is not offered: jobs are submitted through POST /api/tools', async () => {
    const res = await h.api.post('/api/jobs').send({ key: alice.key, tool_id: 'cat1' });
    expectError(res, 501, 501001);
    expect(res.body.err_msg).toMatch(/\/api\/tools/);
    expectError(await h.api.post('/api/jobs').send({ tool_id: 'cat1' }), 403, 403001);
  });
});

describe('POST /api/jobs/search', () => {
  const catInputs = () => ({ input1: { src: 'hda', id: upload1.datasetId }, 'queries_0|input2': { src: 'hda', id: upload2.datasetId } });

  it('finds the identical earlier job (inputs as an object or JSON text)', async () => {
    const res = await h.api.post('/api/jobs/search').send({ key: alice.key, tool_id: 'cat1', inputs: catInputs() });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([catJob]);
    expect(res.body[0]).toEqual(expect.objectContaining({ model_class: 'Job', tool_id: 'cat1', state: 'ok', outputs: { out_file1: { id: catOutput, src: 'hda' } } }));
    const form = await h.api.post('/api/jobs/search').type('form').send({ key: alice.key, tool_id: 'cat1', inputs: JSON.stringify(catInputs()) });
    expect(ids(form.body)).toEqual([catJob]);
  });

  it('does not match other inputs, other states or another user', async () => {
    const swapped = await h.api.post('/api/jobs/search').send({ key: alice.key, tool_id: 'cat1', inputs: { input1: { src: 'hda', id: upload2.datasetId }, 'queries_0|input2': { src: 'hda', id: upload1.datasetId } } });
    expect(swapped.body).toEqual([]);
    const failed = await h.api.post('/api/jobs/search').send({ key: alice.key, tool_id: 'cat1', inputs: catInputs(), state: 'error' });
    expect(failed.body).toEqual([]);
    const okState = await h.api.post('/api/jobs/search').send({ key: alice.key, tool_id: 'cat1', inputs: catInputs(), state: ['error', 'ok'] });
    expect(ids(okState.body)).toEqual([catJob]);
    const other = await h.api.post('/api/jobs/search').send({ key: h.admin.key, tool_id: 'cat1', inputs: catInputs() });
    expect(other.body).toEqual([]);
  });

  it('answers ObjectAttributeMissingException without tool_id or inputs', async () => {
    expectError(await h.api.post('/api/jobs/search').send({ key: alice.key, inputs: catInputs() }), 400, 400005);
    expectError(await h.api.post('/api/jobs/search').send({ key: alice.key, tool_id: 'cat1' }), 400, 400005);
  });

  it('answers ObjectNotFound for an unknown tool or dataset', async () => {
    expectError(await h.api.post('/api/jobs/search').send({ key: alice.key, tool_id: 'no-such-tool', inputs: {} }), 404, 404001);
    expectError(await h.api.post('/api/jobs/search').send({ key: alice.key, tool_id: 'cat1', inputs: { input1: { src: 'hda', id: UNKNOWN_ID } } }), 404, 404001);
    // a dataset of someone else is not found either
    const bobsDataset = (await h.api.get(`/api/histories/${bobHistory}/contents`).query({ key: bob.key })).body[0].id;
    expectError(await h.api.post('/api/jobs/search').send({ key: alice.key, tool_id: 'cat1', inputs: { input1: { src: 'hda', id: bobsDataset } } }), 404, 404001);
  });

  it('refuses anonymous callers', async () => {
    expectError(await h.api.post('/api/jobs/search').send({ tool_id: 'cat1', inputs: catInputs() }), 403, 403001);
  });
});
