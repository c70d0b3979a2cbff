import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createHistory, datasetText, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { anonymousSession, type AnonymousSession, eventually, HISTORY_DETAILED_KEYS, MALFORMED_ID, sortedKeys, toolDirectory, UNKNOWN_ID, waitForExport } from '../support/history-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

/** A tool that takes a while (SLOW_SECONDS), so that purging can meet its job still running. */
const SLOW_SECONDS = 3;
/** Long enough after a slow job's start for its command to have finished, had it not been stopped. */
const AFTER_SLOW_MS = SLOW_SECONDS * 1000 + 1000;
const TOOLS = {
  'slow.xml': `<tool id="slow1" name="Slow copy" version="1.0.0">
  <command>sleep ${SLOW_SECONDS}; cat $input > $output</command>
  <inputs><param name="input" type="data" label="Input"/></inputs>
  <outputs><data name="output" format="txt"/></outputs>
</tool>`,
};

let h: TestPlatform;
let toolDir: string;
let alice: TestUser;
let bob: TestUser;
let anon: AnonymousSession;

beforeAll(async () => {
  toolDir = toolDirectory(TOOLS);
  h = await startTestPlatform({ TOOL_DIRS: toolDir, LOCAL_JOB_WORKERS: '2' });
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  anon = await anonymousSession(h);
});
afterAll(async () => {
  await h.close();
  rmSync(toolDir, { recursive: true, force: true });
});

type Item = Record<string, unknown>;
const listIds = async (path: string, key = alice.key) => ((await h.api.get(path).query({ key })).body as Item[]).map((item) => item.id);

/** A history with uploaded (finished) datasets; returns their ids too. */
async function historyWithData(name: string, texts: string[], key = alice.key): Promise<{ id: string; datasets: string[] }> {
  const id = await createHistory(h, key, name);
  const datasets: string[] = [];
  for (const text of texts) {
    const upload = await uploadText(h, key, id, text, { fileType: 'txt' });
    await waitForJob(h, key, upload.jobId);
    datasets.push(upload.datasetId);
  }
  return { id, datasets };
}

/** The dataset's file on disk, as an administrator sees it (file_name). */
async function fileOf(datasetId: string): Promise<string> {
  const res = await h.api.get(`/api/datasets/${datasetId}`).query({ key: h.admin.key });
  expect(res.status).toBe(200);
  expect(typeof res.body.file_name).toBe('string');
  return res.body.file_name as string;
}

const decodeId = (id: string) => h.platform.services.ids.decode(id);
const jobState = async (jobId: string) => (await h.api.get(`/api/jobs/${jobId}`).query({ key: alice.key })).body.state as string;
const diskUsage = async (key: string) => (await h.api.get('/api/users/current').query({ key })).body.total_disk_usage as number;

describe('DELETE /api/histories/{id}', () => {
  it('marks the history deleted (not purged), answers its detailed view, and keeps its files', async () => {
    const { id, datasets } = await historyWithData('to delete', ['keep me\n']);
    const file = await fileOf(datasets[0]);
    const res = await h.api.delete(`/api/histories/${id}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(sortedKeys(res.body)).toEqual(HISTORY_DETAILED_KEYS);
    expect(res.body).toEqual(expect.objectContaining({ id, deleted: true, purged: false }));
    expect(await listIds('/api/histories')).not.toContain(id);
    expect(await listIds('/api/histories/deleted')).toContain(id);
    expect(existsSync(file)).toBe(true);
    expect(await datasetText(h, alice.key, datasets[0])).toBe('keep me\n');
  });

  it('answers the keys asked for', async () => {
    const id = await createHistory(h, alice.key, 'keys');
    const res = await h.api.delete(`/api/histories/${id}`).query({ key: alice.key, keys: 'deleted,purged' });
    expect(res.body).toEqual({ deleted: true, purged: false });
  });

  it('does not purge for purge=false or other false spellings', async () => {
    for (const purge of ['false', 'False', 'no', '1']) {
      const id = await createHistory(h, alice.key, `purge=${purge}`);
      const res = await h.api.delete(`/api/histories/${id}`).query({ key: alice.key, purge });
      expect(res.body).toEqual(expect.objectContaining({ deleted: true, purged: false }));
    }
  });

  it("refuses another user (403 403003) and lets an administrator delete anyone's history", async () => {
    const id = await createHistory(h, alice.key, 'guarded');
    const other = await h.api.delete(`/api/histories/${id}`).query({ key: bob.key });
    expect(other.status).toBe(403);
    expect(other.body.err_code).toBe(403003);
    expect((await h.api.get(`/api/histories/${id}`).query({ key: alice.key })).body.deleted).toBe(false);
    const admin = await h.api.delete(`/api/histories/${id}`).query({ key: h.admin.key });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual(expect.objectContaining({ deleted: true, user_id: alice.id }));
  });

  it('refuses anonymous callers (403 403001), even on their own current history', async () => {
    const id = await createHistory(h, alice.key, 'anon cannot');
    const none = await h.api.delete(`/api/histories/${id}`);
    expect(none.status).toBe(403);
    expect(none.body.err_code).toBe(403001);
    const session = await h.api.delete(`/api/histories/${anon.historyId}`).set('Cookie', anon.cookie);
    expect(session.status).toBe(403);
    expect(session.body.err_code).toBe(403001);
  });

  it('answers MalformedId and ObjectNotFound for bad ids', async () => {
    const malformed = await h.api.delete(`/api/histories/${MALFORMED_ID}`).query({ key: alice.key });
    expect(malformed.status).toBe(400);
    expect(malformed.body.err_code).toBe(400009);
    const unknown = await h.api.delete(`/api/histories/${UNKNOWN_ID}`).query({ key: alice.key });
    expect(unknown.status).toBe(404);
    expect(unknown.body.err_code).toBe(404001);
  });
});

describe('DELETE /api/histories/{id} with purge', () => {
  it.each([
    ['the query', (id: string) => h.api.delete(`/api/histories/${id}`).query({ key: alice.key, purge: 'true' })],
    ['the JSON body', (id: string) => h.api.delete(`/api/histories/${id}`).send({ key: alice.key, purge: true })],
    ['a payload object', (id: string) => h.api.delete(`/api/histories/${id}`).send({ key: alice.key, payload: { purge: true } })],
    [
      'a JSON body without Content-Type (BioBlend)',
      (id: string) => h.api.delete(`/api/histories/${id}?key=${alice.key}`).set('Content-Type', '').send(Buffer.from(JSON.stringify({ purge: true }))),
    ],
  ])('purges with purge in %s, removing the dataset files from disk', async (_where, purge) => {
    const { id, datasets } = await historyWithData('to purge', ['one\n', 'two\n']);
    const files = await Promise.all(datasets.map(fileOf));
    for (const file of files) expect(existsSync(file)).toBe(true);
    const res = await purge(id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id, deleted: true, purged: true }));
    for (const file of files) expect(existsSync(file)).toBe(false);
    for (const datasetId of datasets) {
      const dataset = await h.api.get(`/api/histories/${id}/contents/${datasetId}`).query({ key: alice.key });
      expect(dataset.body).toEqual(expect.objectContaining({ deleted: true, purged: true }));
    }
    expect((await h.api.get(`/api/histories/deleted/${id}`).query({ key: alice.key })).body.purged).toBe(true);
  });

  it('purges a history that was deleted before', async () => {
    const { id, datasets } = await historyWithData('deleted first', ['later\n']);
    const file = await fileOf(datasets[0]);
    await h.api.delete(`/api/histories/${id}`).query({ key: alice.key });
    expect(existsSync(file)).toBe(true);
    const res = await h.api.delete(`/api/histories/${id}`).query({ key: alice.key, purge: 'True' });
    expect(res.body).toEqual(expect.objectContaining({ deleted: true, purged: true }));
    expect(existsSync(file)).toBe(false);
  });

  it('keeps the files of datasets another history still uses', async () => {
    const { id, datasets } = await historyWithData('shared source', ['shared\n', 'own\n']);
    const copy = await h.api.post('/api/histories').send({ key: bob.key, history_id: id });
    expect(copy.status).toBe(403); // private: bob cannot copy it
    await h.api.put(`/api/histories/${id}`).send({ key: alice.key, importable: true });
    const bobCopy = await h.api.post('/api/histories').send({ key: bob.key, history_id: id });
    expect(bobCopy.status).toBe(200);
    const bobContents = (await h.api.get(`/api/histories/${bobCopy.body.id}/contents`).query({ key: bob.key })).body as Item[];
    // bob keeps only the first dataset
    await h.api.delete(`/api/histories/${bobCopy.body.id}/contents/${bobContents[1].id}`).query({ key: bob.key, purge: true });
    const [sharedFile, ownFile] = await Promise.all(datasets.map(fileOf));
    const res = await h.api.delete(`/api/histories/${id}`).query({ key: alice.key, purge: true });
    expect(res.body.purged).toBe(true);
    expect(existsSync(sharedFile)).toBe(true);
    expect(existsSync(ownFile)).toBe(false);
    expect(await datasetText(h, bob.key, bobContents[0].id as string)).toBe('shared\n');
  });

  it("lowers the owner's disk usage", async () => {
    const carol = await h.newUser('carol');
    const { id } = await historyWithData('usage', ['0123456789\n'], carol.key);
    expect(await diskUsage(carol.key)).toBe(11);
    await h.api.delete(`/api/histories/${id}`).query({ key: carol.key });
    expect(await diskUsage(carol.key)).toBe(11);
    await h.api.delete(`/api/histories/${id}`).query({ key: carol.key, purge: true });
    expect(await diskUsage(carol.key)).toBe(0);
  });

  it('removes the export archives of the history too', async () => {
    const { id } = await historyWithData('exported, then purged', ['secret\n']);
    const url = await waitForExport(h, alice.key, id);
    const archives = () => readdirSync(join(h.platform.config.dataDir, 'exports')).filter((name) => name.startsWith(`history_${decodeId(id)}_`));
    expect(archives()).toHaveLength(1);
    await h.api.delete(`/api/histories/${id}`).query({ key: alice.key, purge: true });
    expect(archives()).toEqual([]);
    const res = await h.api.get(url).query({ key: alice.key });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ err_msg: 'Export not available or not yet ready.', err_code: 0 });
  });

  it('stops the active jobs of the history: they end up deleted, and their outputs never land on disk', async () => {
    const { id, datasets } = await historyWithData('busy', ['input\n']);
    const running = await runTool(h, alice.key, id, 'slow1', { input: { src: 'hda', id: datasets[0] } });
    // waits for the slow job's output: queued until then
    const waiting = await runTool(h, alice.key, id, 'slow1', { input: { src: 'hda', id: running.outputs[0].id } });
    await eventually(async () => (await jobState(running.jobs[0].id)) === 'running', 10000, 'the slow job to run');
    expect(await jobState(waiting.jobs[0].id)).toBe('queued');
    const outputFile = await fileOf(running.outputs[0].id);
    const res = await h.api.delete(`/api/histories/${id}`).query({ key: alice.key, purge: true });
    expect(res.body.purged).toBe(true);
    expect(await jobState(running.jobs[0].id)).toBe('deleted');
    expect(await jobState(waiting.jobs[0].id)).toBe('deleted');
    // after the slow command would have finished, the jobs are still deleted
    await new Promise((resolve) => setTimeout(resolve, AFTER_SLOW_MS));
    expect(await jobState(running.jobs[0].id)).toBe('deleted');
    expect(await jobState(waiting.jobs[0].id)).toBe('deleted');
    expect(existsSync(outputFile)).toBe(false);
  }, patient(30000));

  it('leaves the jobs of a deleted (not purged) history alone', async () => {
    const { id, datasets } = await historyWithData('deleted, busy', ['input\n']);
    const run = await runTool(h, alice.key, id, 'slow1', { input: { src: 'hda', id: datasets[0] } });
    await h.api.delete(`/api/histories/${id}`).query({ key: alice.key });
    expect((await waitForJob(h, alice.key, run.jobs[0].id)).state).toBe('ok');
  }, patient(30000));
});

describe('PUT /api/histories/{id}/contents/{id} with deleted=true (the platform stop_creating_job)', () => {
  it('stops the running job making the dataset: the job is deleted, its output discarded and never written', async () => {
    const { id, datasets } = await historyWithData('stopped by a delete', ['input\n']);
    const run = await runTool(h, alice.key, id, 'slow1', { input: { src: 'hda', id: datasets[0] } });
    await eventually(async () => (await jobState(run.jobs[0].id)) === 'running', 10000, 'the slow job to run');
    const outputFile = await fileOf(run.outputs[0].id);
    const res = await h.api.put(`/api/histories/${id}/contents/${run.outputs[0].id}`).query({ key: alice.key }).send({ deleted: true });
    expect(res.status).toBe(200);
    expect(await jobState(run.jobs[0].id)).toBe('deleted');
    const job = (await h.api.get(`/api/jobs/${run.jobs[0].id}`).query({ key: alice.key })).body;
    expect(job.state).toBe('deleted');
    const output = (await h.api.get(`/api/histories/${id}/contents/${run.outputs[0].id}`).query({ key: alice.key })).body;
    expect(output).toMatchObject({ deleted: true, state: 'discarded', misc_info: 'Job output deleted by user before job completed.' });
    // after the command would have finished: still deleted, nothing written
    await new Promise((resolve) => setTimeout(resolve, AFTER_SLOW_MS));
    expect(await jobState(run.jobs[0].id)).toBe('deleted');
    expect(existsSync(outputFile)).toBe(false);
  }, patient(30000));

  it('leaves a finished job alone', async () => {
    const { id, datasets } = await historyWithData('finished', ['kept\n']);
    const run = await runTool(h, alice.key, id, 'cat1', { input1: { src: 'hda', id: datasets[0] } });
    expect((await waitForJob(h, alice.key, run.jobs[0].id)).state).toBe('ok');
    await h.api.put(`/api/histories/${id}/contents/${run.outputs[0].id}`).query({ key: alice.key }).send({ deleted: true });
    expect(await jobState(run.jobs[0].id)).toBe('ok');
  });
});

describe('POST /api/histories/deleted/{id}/undelete', () => {
  it('brings a deleted history back and answers its detailed view', async () => {
    const { id, datasets } = await historyWithData('comes back', ['still here\n']);
    await h.api.delete(`/api/histories/${id}`).query({ key: alice.key });
    const res = await h.api.post(`/api/histories/deleted/${id}/undelete`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(sortedKeys(res.body)).toEqual(HISTORY_DETAILED_KEYS);
    expect(res.body).toEqual(expect.objectContaining({ id, deleted: false, purged: false }));
    expect(await listIds('/api/histories')).toContain(id);
    expect(await listIds('/api/histories/deleted')).not.toContain(id);
    expect(await datasetText(h, alice.key, datasets[0])).toBe('still here\n');
  });

  it('accepts a form post with the key, and answers the keys asked for', async () => {
    const id = await createHistory(h, alice.key, 'form undelete');
    await h.api.delete(`/api/histories/${id}`).query({ key: alice.key });
    const res = await h.api.post(`/api/histories/deleted/${id}/undelete`).type('form').send({ key: alice.key, keys: 'id,deleted' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, deleted: false });
  });

  it('leaves a history that is not deleted as it is', async () => {
    const id = await createHistory(h, alice.key, 'never deleted');
    const res = await h.api.post(`/api/histories/deleted/${id}/undelete`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(false);
  });

  it('refuses a purged history (400 ObjectAttributeInvalidException), which stays deleted', async () => {
    const id = await createHistory(h, alice.key, 'gone for good');
    await h.api.delete(`/api/histories/${id}`).query({ key: alice.key, purge: true });
    const res = await h.api.post(`/api/histories/deleted/${id}/undelete`).query({ key: alice.key });
    expect(res.status).toBe(400);
    expect(res.body.err_code).toBe(400004);
    expect((await h.api.get(`/api/histories/${id}`).query({ key: alice.key })).body).toEqual(expect.objectContaining({ deleted: true, purged: true }));
  });

  it('refuses another user (403 403003) and anonymous callers (403 403001); an administrator may', async () => {
    const id = await createHistory(h, alice.key, 'undelete access');
    await h.api.delete(`/api/histories/${id}`).query({ key: alice.key });
    const other = await h.api.post(`/api/histories/deleted/${id}/undelete`).query({ key: bob.key });
    expect(other.status).toBe(403);
    expect(other.body.err_code).toBe(403003);
    const none = await h.api.post(`/api/histories/deleted/${id}/undelete`);
    expect(none.status).toBe(403);
    expect(none.body.err_code).toBe(403001);
    const session = await h.api.post(`/api/histories/deleted/${id}/undelete`).set('Cookie', anon.cookie);
    expect(session.status).toBe(403);
    expect(session.body.err_code).toBe(403001);
    expect((await h.api.get(`/api/histories/${id}`).query({ key: alice.key })).body.deleted).toBe(true);
    const admin = await h.api.post(`/api/histories/deleted/${id}/undelete`).query({ key: h.admin.key });
    expect(admin.status).toBe(200);
    expect(admin.body.deleted).toBe(false);
  });

  it('answers MalformedId and ObjectNotFound for bad ids', async () => {
    const malformed = await h.api.post(`/api/histories/deleted/${MALFORMED_ID}/undelete`).query({ key: alice.key });
    expect(malformed.status).toBe(400);
    expect(malformed.body.err_code).toBe(400009);
    const unknown = await h.api.post(`/api/histories/deleted/${UNKNOWN_ID}/undelete`).query({ key: alice.key });
    expect(unknown.status).toBe(404);
    expect(unknown.body.err_code).toBe(404001);
  });
});
