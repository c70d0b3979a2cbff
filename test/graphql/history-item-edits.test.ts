import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { decoded, sql } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * What the web UI's history panel changes through the graph: a history's annotation, tags and purge,
 * a dataset's annotation, tags, purge and datatype. Owners (and administrators) may; other users and
 * anonymous callers may not.
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

type GraphAnswer = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions: { code?: string; status?: number } }> };

const gql = async (key: string | null, query: string, variables: Record<string, unknown> = {}): Promise<GraphAnswer> => {
  const req = h.api.post('/graphql').send({ query, variables });
  return (await (key ? req.set('x-api-key', key) : req)).body as GraphAnswer;
};

const CHANGE_DATATYPE = `mutation ($historyId: ID!, $id: ID!, $datatype: String!) {
  changeDatasetDatatype(historyId: $historyId, id: $id, datatype: $datatype) { id extension dataType metadata misc_blurb peek }
}`;
const UPDATE_DATASET = 'mutation ($historyId: ID!, $id: ID!, $changes: JSONObject!) { updateDataset(historyId: $historyId, id: $id, changes: $changes) { id annotation tags deleted purged } }';
const DELETE_DATASET = 'mutation ($historyId: ID!, $id: ID!, $purge: Boolean) { deleteDataset(historyId: $historyId, id: $id, purge: $purge) { id deleted purged } }';
const UPDATE_HISTORY = 'mutation ($id: ID!, $changes: JSONObject!) { updateHistory(id: $id, changes: $changes) { id annotation tags } }';
const DELETE_HISTORY = 'mutation ($id: ID!, $purge: Boolean) { deleteHistory(id: $id, purge: $purge) { id deleted purged } }';
const UNDELETE_HISTORY = 'mutation ($id: ID!) { undeleteHistory(id: $id) { id deleted purged } }';

/** A history of alice's with one finished pasted dataset of the given type. */
async function datasetOfAlice(content: string, fileType: string): Promise<{ historyId: string; datasetId: string; jobId: string }> {
  const historyId = await createHistory(h, alice.key, `edits ${fileType}`);
  const upload = await uploadText(h, alice.key, historyId, content, { fileType, name: `a ${fileType} dataset` });
  await waitForJob(h, alice.key, upload.jobId);
  return { historyId, datasetId: upload.datasetId, jobId: upload.jobId };
}

const codeOf = (answer: GraphAnswer) => answer.errors?.[0]?.extensions.code;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
}, patient(120_000));
afterAll(() => h.close());

describe('changeDatasetDatatype: the owner changes a dataset’s datatype', () => {
  it('changes a txt dataset to tabular, reads its metadata again, and the REST view agrees', async () => {
    const { historyId, datasetId } = await datasetOfAlice('a\t1\nb\t2\nc\t3\n', 'txt');
    const answer = await gql(alice.key, CHANGE_DATATYPE, { historyId, id: datasetId, datatype: 'tabular' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.changeDatasetDatatype).toMatchObject({ id: datasetId, extension: 'tabular', dataType: 'galaxy.datatypes.tabular.Tabular' });
    expect(answer.data?.changeDatasetDatatype.metadata).toMatchObject({ columns: 2 });
    const rest = await h.api.get(`/api/datasets/${datasetId}`).query({ key: alice.key });
    expect(rest.body).toMatchObject({ extension: 'tabular', file_ext: 'tabular' });
  }, patient(60_000));

  it('lets an administrator change the datatype of another user’s dataset', async () => {
    const { historyId, datasetId } = await datasetOfAlice('plain words\n', 'txt');
    const answer = await gql(h.admin.key, CHANGE_DATATYPE, { historyId, id: datasetId, datatype: 'tabular' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.changeDatasetDatatype.extension).toBe('tabular');
  }, patient(60_000));

  it('refuses another user and an anonymous caller, and leaves the datatype as it was', async () => {
    const { historyId, datasetId } = await datasetOfAlice('plain words\n', 'txt');
    const byBob = await gql(bob.key, CHANGE_DATATYPE, { historyId, id: datasetId, datatype: 'tabular' });
    expect(byBob.data).toBeNull();
    expect(byBob.errors?.[0].extensions.status).toBe(403);
    const anonymous = await gql(null, CHANGE_DATATYPE, { historyId, id: datasetId, datatype: 'tabular' });
    expect(codeOf(anonymous)).toBe('AuthenticationRequired');
    expect((await h.api.get(`/api/datasets/${datasetId}`).query({ key: alice.key })).body.extension).toBe('txt');
  }, patient(60_000));

  it('refuses an unknown datatype with an error that names it', async () => {
    const { historyId, datasetId } = await datasetOfAlice('plain words\n', 'txt');
    const answer = await gql(alice.key, CHANGE_DATATYPE, { historyId, id: datasetId, datatype: 'no-such-type' });
    expect(answer.errors?.[0]).toMatchObject({ message: 'Unknown datatype: no-such-type', extensions: { code: 'RequestParameterInvalidException', status: 400 } });
    const empty = await gql(alice.key, CHANGE_DATATYPE, { historyId, id: datasetId, datatype: ' ' });
    expect(codeOf(empty)).toBe('RequestParameterMissingException');
  }, patient(60_000));

  it('refuses the strict BED types, which the platform never lets users choose', async () => {
    const { historyId, datasetId } = await datasetOfAlice('chr1\t10\t20\n', 'txt');
    for (const datatype of ['bedstrict', 'bed6']) {
      const answer = await gql(alice.key, CHANGE_DATATYPE, { historyId, id: datasetId, datatype });
      expect(answer.errors?.[0]).toMatchObject({ message: `You are unable to change datatypes in this manner. Changing txt to ${datatype} is not allowed.`, extensions: { status: 400 } });
    }
  }, patient(60_000));

  it('refuses while a job still writes the dataset, and refuses a purged dataset', async () => {
    const { historyId, datasetId, jobId } = await datasetOfAlice('plain words\n', 'txt');
    await sql(h, "update job set state = 'running' where id = ?", [decoded(h, jobId)]);
    const running = await gql(alice.key, CHANGE_DATATYPE, { historyId, id: datasetId, datatype: 'tabular' });
    expect(running.errors?.[0]).toMatchObject({ message: expect.stringContaining('currently being used as input or output'), extensions: { code: 'Conflict' } });
    await sql(h, "update job set state = 'ok' where id = ?", [decoded(h, jobId)]);
    expect((await gql(alice.key, DELETE_DATASET, { historyId, id: datasetId, purge: true })).errors).toBeUndefined();
    const purged = await gql(alice.key, CHANGE_DATATYPE, { historyId, id: datasetId, datatype: 'tabular' });
    expect(purged.errors?.[0]).toMatchObject({ message: expect.stringContaining('purged'), extensions: { code: 'ObjectAttributeInvalidException' } });
  }, patient(60_000));
});

describe('updateDataset and deleteDataset: annotate, tag and purge a dataset from the panel', () => {
  it('annotates and tags a dataset of the owner, and purges it for good (no undelete)', async () => {
    const { historyId, datasetId } = await datasetOfAlice('words\n', 'txt');
    const edited = await gql(alice.key, UPDATE_DATASET, { historyId, id: datasetId, changes: { annotation: 'from the sequencer', tags: ['name:reads', 'raw'] } });
    expect(edited.data?.updateDataset).toMatchObject({ annotation: 'from the sequencer', tags: ['name:reads', 'raw'] });
    const untagged = await gql(alice.key, UPDATE_DATASET, { historyId, id: datasetId, changes: { tags: ['raw'] } });
    expect(untagged.data?.updateDataset.tags).toEqual(['raw']);
    const purged = await gql(alice.key, DELETE_DATASET, { historyId, id: datasetId, purge: true });
    expect(purged.data?.deleteDataset).toEqual({ id: datasetId, deleted: true, purged: true });
    const undeleted = await gql(alice.key, UPDATE_DATASET, { historyId, id: datasetId, changes: { deleted: false } });
    expect(undeleted.errors?.[0]).toMatchObject({ message: 'Cannot undelete a purged dataset', extensions: { code: 'ObjectAttributeInvalidException' } });
  }, patient(60_000));

  it('refuses another user and an anonymous caller', async () => {
    const { historyId, datasetId } = await datasetOfAlice('words\n', 'txt');
    for (const key of [bob.key, null]) {
      expect((await gql(key, UPDATE_DATASET, { historyId, id: datasetId, changes: { annotation: 'not mine' } })).data).toBeNull();
      expect((await gql(key, DELETE_DATASET, { historyId, id: datasetId, purge: true })).data).toBeNull();
    }
    expect(codeOf(await gql(null, UPDATE_DATASET, { historyId, id: datasetId, changes: { tags: ['x'] } }))).toBe('AuthenticationRequired');
    const rest = await h.api.get(`/api/histories/${historyId}/contents/${datasetId}`).query({ key: alice.key });
    expect(rest.body).toMatchObject({ annotation: null, deleted: false, purged: false });
  }, patient(60_000));
});

describe('updateHistory and deleteHistory: annotate, tag and purge a history', () => {
  it('annotates and tags the owner’s history, and a purged history cannot be undeleted', async () => {
    const historyId = await createHistory(h, alice.key, 'to annotate');
    const edited = await gql(alice.key, UPDATE_HISTORY, { id: historyId, changes: { annotation: 'the March run', tags: ['group:march', 'keep'] } });
    expect(edited.data?.updateHistory).toEqual({ id: historyId, annotation: 'the March run', tags: ['group:march', 'keep'] });
    expect((await gql(alice.key, DELETE_HISTORY, { id: historyId })).data?.deleteHistory).toEqual({ id: historyId, deleted: true, purged: false });
    expect((await gql(alice.key, DELETE_HISTORY, { id: historyId, purge: true })).data?.deleteHistory).toEqual({ id: historyId, deleted: true, purged: true });
    const undeleted = await gql(alice.key, UNDELETE_HISTORY, { id: historyId });
    expect(undeleted.errors?.[0]).toMatchObject({ message: 'This history has been purged and cannot be undeleted.', extensions: { status: 400 } });
  }, patient(60_000));

  it('refuses another user and an anonymous caller', async () => {
    const historyId = await createHistory(h, alice.key, 'not theirs');
    for (const key of [bob.key, null]) {
      expect((await gql(key, UPDATE_HISTORY, { id: historyId, changes: { annotation: 'not mine', tags: ['x'] } })).data).toBeNull();
      expect((await gql(key, DELETE_HISTORY, { id: historyId, purge: true })).data).toBeNull();
    }
    expect(codeOf(await gql(null, UPDATE_HISTORY, { id: historyId, changes: { tags: ['x'] } }))).toBe('AuthenticationRequired');
    const rest = await h.api.get(`/api/histories/${historyId}`).query({ key: alice.key });
    expect(rest.body).toMatchObject({ annotation: null, tags: [], deleted: false, purged: false });
  }, patient(60_000));
});
