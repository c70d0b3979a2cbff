import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, datasetText, runTool, waitForJob } from '../support/data-helpers';
import { addDataset, createLibrary, createRole, type LibraryDatasetRef, setDatasetRoles } from '../support/library-helpers';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let open: LibraryDatasetRef;
let restricted: LibraryDatasetRef;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  const library = await createLibrary(h, 'reference data');
  open = await addDataset(h, library.root_folder_id, 'genes.txt', 'gene1\ngene2\n');
  restricted = await addDataset(h, library.root_folder_id, 'secret.txt', 'hidden\n');
  const role = await createRole(h, 'alice only', { users: [alice] });
  await setDatasetRoles(h, restricted.id, { access: [role.name] });
});
afterAll(() => h.close());

describe('POST /api/tools with library datasets as inputs', () => {
  it('imports a library dataset (src ld) into the history and runs the tool on it', async () => {
    const historyId = await createHistory(h, bob.key);
    const run = await runTool(h, bob.key, historyId, 'cat1', { input1: { src: 'ld', id: open.id } });
    const job = await waitForJob(h, bob.key, run.jobs[0].id);
    expect(job.state).toBe('ok');
    expect(await datasetText(h, bob.key, run.outputs[0].id)).toBe('gene1\ngene2\n');

    const contents = await h.api.get(`/api/histories/${historyId}/contents`).query({ key: bob.key });
    expect(contents.body.map((item: { name: string }) => item.name)).toEqual(['genes.txt', 'Concatenate datasets on data 1']);
    const inputs = await h.api.get(`/api/jobs/${run.jobs[0].id}/inputs`).query({ key: bob.key });
    expect(inputs.body).toEqual([{ name: 'input1', dataset: { src: 'hda', id: contents.body[0].id } }]);
  });

  it('accepts one version of a library dataset (src ldda), and POST /api/jobs/search finds the job by it', async () => {
    const historyId = await createHistory(h, bob.key);
    const run = await runTool(h, bob.key, historyId, 'cat1', { input1: { src: 'ldda', id: open.ldda_id } });
    expect((await waitForJob(h, bob.key, run.jobs[0].id)).state).toBe('ok');
    expect(await datasetText(h, bob.key, run.outputs[0].id)).toBe('gene1\ngene2\n');

    const found = await h.api.post('/api/jobs/search').send({ key: bob.key, tool_id: 'cat1', inputs: { input1: { src: 'ldda', id: open.ldda_id } } });
    expect(found.status).toBe(200);
    expect(found.body.map((job: { id: string }) => job.id)).toContain(run.jobs[0].id);
    const hidden = await h.api.post('/api/jobs/search').send({ key: bob.key, tool_id: 'cat1', inputs: { input1: { src: 'ldda', id: restricted.ldda_id } } });
    expect(hidden.status).toBe(404);
  });

  it('refuses a restricted library dataset to a user without its access role, and creates nothing', async () => {
    const historyId = await createHistory(h, bob.key);
    for (const input1 of [{ src: 'ld', id: restricted.id }, { src: 'ldda', id: restricted.ldda_id }]) {
      const res = await h.api.post('/api/tools').send({ key: bob.key, tool_id: 'cat1', history_id: historyId, inputs: { input1 } });
      expect(res.status).toBe(404);
      expect(res.body.err_code).toBe(404001);
    }
    const contents = await h.api.get(`/api/histories/${historyId}/contents`).query({ key: bob.key });
    expect(contents.body).toEqual([]);
  });

  it('lets the role holder use the restricted dataset', async () => {
    const historyId = await createHistory(h, alice.key);
    const run = await runTool(h, alice.key, historyId, 'cat1', { input1: { src: 'ld', id: restricted.id } });
    expect((await waitForJob(h, alice.key, run.jobs[0].id)).state).toBe('ok');
    expect(await datasetText(h, alice.key, run.outputs[0].id)).toBe('hidden\n');
  });

  it('refuses an unknown source and a malformed id with the contract errors', async () => {
    const historyId = await createHistory(h, bob.key);
    const unknownSource = await h.api.post('/api/tools').send({ key: bob.key, tool_id: 'cat1', history_id: historyId, inputs: { input1: { src: 'hdca', id: open.id } } });
    expect(unknownSource.status).toBe(400);
    expect(unknownSource.body.err_code).toBe(400008);
    const malformed = await h.api.post('/api/tools').send({ key: bob.key, tool_id: 'cat1', history_id: historyId, inputs: { input1: { src: 'ldda', id: 'xyz' } } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.err_code).toBe(400009);
  });
});
