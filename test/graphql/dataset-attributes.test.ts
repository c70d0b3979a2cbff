import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { decoded, sql } from '../support/job-helpers';
import { patient } from '../support/patience';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * What the web UI's "Edit attributes" of a dataset needs from the graph (issue 34, item 2): the
 * installation's genome builds, the datatype detected from the file's content, and the metadata read
 * again. The owner (and administrators) may detect; other users and anonymous callers may not.
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

type GraphAnswer = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions: { code?: string; status?: number } }> };

const gql = async (key: string | null, query: string, variables: Record<string, unknown> = {}): Promise<GraphAnswer> => {
  const req = h.api.post('/graphql').send({ query, variables });
  return (await (key ? req.set('x-api-key', key) : req)).body as GraphAnswer;
};

const AUTO_DETECT = 'mutation ($historyId: ID!, $id: ID!) { autoDetectDatasetDatatype(historyId: $historyId, id: $id) { id extension metadata peek } }';
const REDETECT = 'mutation ($historyId: ID!, $id: ID!) { redetectDatasetMetadata(historyId: $historyId, id: $id) { id extension metadata miscBlurb } }';

async function datasetOfAlice(content: string, fileType: string): Promise<{ historyId: string; datasetId: string }> {
  const historyId = await createHistory(h, alice.key, `attributes ${fileType}`);
  const upload = await uploadText(h, alice.key, historyId, content, { fileType, name: `a ${fileType} dataset` });
  await waitForJob(h, alice.key, upload.jobId);
  return { historyId, datasetId: upload.datasetId };
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
}, patient(120_000));
afterAll(() => h.close());

describe('genomeBuilds: the builds a Database/Build may name', () => {
  it("lists the installation's builds.txt to anyone, unspecified first, each dbkey once", async () => {
    const answer = await gql(null, '{ genomeBuilds { dbkey description } }');
    expect(answer.errors).toBeUndefined();
    const builds = answer.data?.genomeBuilds as Array<{ dbkey: string; description: string }>;
    expect(builds[0]).toEqual({ dbkey: '?', description: 'unspecified (?)' });
    expect(builds).toEqual(expect.arrayContaining([{ dbkey: 'hg19', description: 'Human Feb. 2009 (GRCh37/hg19) (hg19)' }, { dbkey: 'mm10', description: 'Mouse Dec. 2011 (GRCm38/mm10) (mm10)' }]));
    expect(new Set(builds.map((build) => build.dbkey)).size).toBe(builds.length);
  });

  it('saves a build picked from the list as the dataset’s genome_build, which REST shows', async () => {
    const { historyId, datasetId } = await datasetOfAlice('chr1\t10\t20\n', 'bed');
    const answer = await gql(alice.key, 'mutation ($historyId: ID!, $id: ID!, $changes: JSONObject!) { updateDataset(historyId: $historyId, id: $id, changes: $changes) { genomeBuild miscInfo } }', {
      historyId,
      id: datasetId,
      changes: { genome_build: 'mm10', info: 'from the core facility' },
    });
    expect(answer.data?.updateDataset).toEqual({ genomeBuild: 'mm10', miscInfo: 'from the core facility' });
    const rest = await h.api.get(`/api/datasets/${datasetId}`).query({ key: alice.key });
    expect(rest.body).toMatchObject({ genome_build: 'mm10', misc_info: 'from the core facility' });
  }, patient(60_000));
});

describe('autoDetectDatasetDatatype: the datatype the file says', () => {
  it('detects tabular content uploaded as txt and reads its columns', async () => {
    const { historyId, datasetId } = await datasetOfAlice('a\t1\nb\t2\nc\t3\n', 'txt');
    const answer = await gql(alice.key, AUTO_DETECT, { historyId, id: datasetId });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.autoDetectDatasetDatatype).toMatchObject({ id: datasetId, extension: 'tabular' });
    expect(answer.data?.autoDetectDatasetDatatype.metadata).toMatchObject({ columns: 2 });
  }, patient(60_000));

  it('refuses another user (403) and an anonymous caller, and changes nothing', async () => {
    const { historyId, datasetId } = await datasetOfAlice('a\t1\n', 'txt');
    const asBob = await gql(bob.key, AUTO_DETECT, { historyId, id: datasetId });
    expect(asBob.errors?.[0].extensions.status).toBe(403);
    const anonymous = await gql(null, AUTO_DETECT, { historyId, id: datasetId });
    expect(anonymous.errors?.[0].extensions.status).toBeGreaterThanOrEqual(400);
    const [row] = await sql<{ extension: string }>(h, 'select extension from history_dataset_association where id = ?', [decoded(h, datasetId)]);
    expect(row.extension).toBe('txt');
  }, patient(60_000));

  it('lets an administrator detect the datatype of another user’s dataset', async () => {
    const { historyId, datasetId } = await datasetOfAlice('x\ty\tz\n1\t2\t3\n', 'txt');
    const answer = await gql(h.admin.key, AUTO_DETECT, { historyId, id: datasetId });
    expect(answer.data?.autoDetectDatasetDatatype.extension).toBe('tabular');
  }, patient(60_000));
});

describe('redetectDatasetMetadata: "Auto-detect" reads the metadata again', () => {
  it('corrects metadata that no longer matches the file, keeping the datatype', async () => {
    const { historyId, datasetId } = await datasetOfAlice('a\t1\tx\nb\t2\ty\n', 'tabular');
    await sql(h, `update history_dataset_association set metadata = '{"columns": 7}'::jsonb where id = ?`, [decoded(h, datasetId)]);
    const answer = await gql(alice.key, REDETECT, { historyId, id: datasetId });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.redetectDatasetMetadata).toMatchObject({ extension: 'tabular', metadata: expect.objectContaining({ columns: 3 }) });
  }, patient(60_000));

  it('refuses another user with 403', async () => {
    const { historyId, datasetId } = await datasetOfAlice('a\t1\n', 'tabular');
    const answer = await gql(bob.key, REDETECT, { historyId, id: datasetId });
    expect(answer.errors?.[0].extensions.status).toBe(403);
  }, patient(60_000));
});
