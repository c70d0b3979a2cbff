import { createHistory, datasetText, waitForJob } from '../support/data-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * What a real client library (BioBlend, run against this server) found: behaviours of the platform
 * its scripts rely on.
 */
let h: TestPlatform;
let alice: TestUser;
let history: string;

type Dict = Record<string, unknown>;

const paste = (content: string, extra: Dict = {}) =>
  h.api
    .post('/api/tools')
    .query({ key: alice.key })
    .send({ tool_id: 'upload1', history_id: history, inputs: { 'files_0|url_paste': content, 'files_0|type': 'upload_dataset', file_type: 'auto', ...extra } });

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  history = await createHistory(h, alice.key);
});
afterAll(() => h.close());

describe('pasted text ends with a newline, as the platform writes POSIX lines', () => {
  it('adds the final newline the paste lacked, and keeps one that is there', async () => {
    const without = await paste('line 1\nline 2');
    await waitForJob(h, alice.key, without.body.jobs[0].id);
    expect(await datasetText(h, alice.key, without.body.outputs[0].id)).toBe('line 1\nline 2\n');
    const withNewline = await paste('a\r\nb\r\n');
    await waitForJob(h, alice.key, withNewline.body.jobs[0].id);
    expect(await datasetText(h, alice.key, withNewline.body.outputs[0].id)).toBe('a\nb\n');
  });

  it('leaves the text as pasted when to_posix_lines is off', async () => {
    const raw = await paste('x\r\ny', { 'files_0|to_posix_lines': '' });
    await waitForJob(h, alice.key, raw.body.jobs[0].id);
    expect(await datasetText(h, alice.key, raw.body.outputs[0].id)).toBe('x\r\ny');
  });
});

describe('a tool may take an upload still being sniffed (format auto), as on the platform', () => {
  it('queues the job at once; it runs when the upload is done', async () => {
    const upload = await paste('1\t2\t3\n4\t5\t6\n');
    expect(upload.body.outputs[0].file_ext).toBe('auto');
    const run = await h.api
      .post('/api/tools')
      .query({ key: alice.key })
      .send({ tool_id: 'random_lines1', history_id: history, inputs: { num_lines: '1', input: { src: 'hda', id: upload.body.outputs[0].id }, 'seed_source|seed_source_selector': 'set_seed', 'seed_source|seed': 'asdf' } });
    expect(run.status).toBe(200);
    const job = await waitForJob(h, alice.key, run.body.jobs[0].id);
    expect(job.state).toBe('ok');
    expect((await datasetText(h, alice.key, run.body.outputs[0].id)).split('\n').filter(Boolean)).toHaveLength(1);
  });
});

describe('permission forms take role names (the contract) and encoded role ids (later clients)', () => {
  it('sets a library dataset access role given by its encoded id', async () => {
    const library = await h.api.post('/api/libraries').query({ key: h.admin.key }).send({ name: 'perm lib' });
    const upload = await paste('data\n');
    await waitForJob(h, alice.key, upload.body.jobs[0].id);
    const copied = await h.api
      .post(`/api/folders/${library.body.root_folder_id}/contents`)
      .query({ key: h.admin.key })
      .send({ from_hda_id: upload.body.outputs[0].id });
    expect(copied.status).toBe(200);
    const roles = await h.api.get('/api/roles').query({ key: h.admin.key });
    const role = (roles.body as Dict[]).find((item) => item.name === alice.email) as Dict;
    const byId = await h.api
      .post(`/api/libraries/datasets/${copied.body.library_dataset_id}/permissions`)
      .query({ key: h.admin.key })
      .send({ action: 'set_permissions', 'access_ids[]': [role.id] });
    expect(byId.status).toBe(200);
    expect(byId.body.access_dataset_roles).toEqual([alice.email]);
    const unknown = await h.api
      .post(`/api/libraries/datasets/${copied.body.library_dataset_id}/permissions`)
      .query({ key: h.admin.key })
      .send({ action: 'set_permissions', 'access_ids[]': ['no such role'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.err_msg).toBe('No role found with the name provided. Name: no such role');
  });
});
