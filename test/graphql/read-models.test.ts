import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * Read models come from one SQL statement each, and fetch along what the query reads (tags, the
 * contents summary, a job's datasets and metrics), so the fields resolve without more statements; a
 * listing that asks only for summary fields reads only those columns, and one that asks for more
 * gets them all.
 */
let h: TestPlatform;
let alice: TestUser;
let historyId: string;
let datasetId: string;
let jobId: string;

const gql = async (query: string, variables: Record<string, unknown> = {}) => {
  const res = await h.api.post('/graphql').set('x-api-key', alice.key).send({ query, variables });
  expect(res.body.errors).toBeUndefined();
  return { data: res.body.data, queries: h.queriesOf(res) };
};

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  historyId = await createHistory(h, alice.key, 'read models');
  const upload = await uploadText(h, alice.key, historyId, 'a\t1\nb\t2\n', { fileType: 'tabular', name: 'table' });
  await waitForJob(h, alice.key, upload.jobId);
  datasetId = upload.datasetId;
  jobId = upload.jobId;
  await h.api.put(`/api/histories/${historyId}`).send({ key: alice.key, tags: ['group:one', 'plain'] });
  await h.warmKeys(alice.key);
});
afterAll(() => h.close());

describe('a history read with its tags and contents summary', () => {
  it('costs one statement, its tags and contents summary included', async () => {
    const query = '{ history(id: $id) { id name tags size count state stateDetails hdaIds } }'.replace('$id', JSON.stringify(historyId));
    const { data, queries } = await gql(query);
    expect(queries).toBe(1);
    expect(data.history).toEqual(
      expect.objectContaining({ id: historyId, name: 'read models', tags: ['group:one', 'plain'], count: 1, state: 'ok', hdaIds: [datasetId] }),
    );
    expect(data.history.size).toBeGreaterThan(0);
    expect(data.history.stateDetails.ok).toBe(1);
  });

  it('in a listing too: one statement for the histories and their tags', async () => {
    const { data, queries } = await gql('{ histories { id tags } }');
    expect(queries).toBe(1);
    expect(data.histories).toContainEqual({ id: historyId, tags: ['group:one', 'plain'] });
  });
});

describe('a job read with its datasets and metrics', () => {
  it('costs one statement', async () => {
    const { data, queries } = await gql(`{ job(id: "${jobId}") { id inputs { name } outputs { name datasetId } metrics { name } } }`);
    expect(queries).toBe(1);
    expect(data.job.outputs).toEqual([{ name: 'output0', datasetId }]);
    expect(data.job.metrics.map((metric: { name: string }) => metric.name)).toContain('runtime_seconds');
  });
});

describe('history contents', () => {
  it('read as summaries answer the summary fields, and a query for more gets the full rows', async () => {
    const summary = await gql(`{ historyContents(historyId: "${historyId}") { id name hid state extension deleted visible } }`);
    expect(summary.data.historyContents).toEqual([{ id: datasetId, name: 'table', hid: 1, state: 'ok', extension: 'tabular', deleted: false, visible: true }]);
    const full = await gql(`{ historyContents(historyId: "${historyId}") { id name peek createTime metadata genomeBuild } }`);
    const [item] = full.data.historyContents;
    expect(item).toEqual(expect.objectContaining({ id: datasetId, name: 'table', genomeBuild: '?' }));
    expect(item.peek).toContain('a');
    expect(new Date(item.createTime).getTime()).toBeGreaterThan(0);
    expect(item.metadata).toEqual(expect.objectContaining({ columns: 2 }));
    // The same statement count either way: the history, then its contents.
    expect(summary.queries).toBe(2);
    expect(full.queries).toBe(2);
  });
});
