import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * A history dataset's info and blurb are `miscInfo` and `miscBlurb` in the graph, named as its other
 * fields are; the REST names `misc_info` and `misc_blurb` stay, deprecated, with the same values.
 */
let h: TestPlatform;
let alice: TestUser;

type GraphAnswer = { data?: Record<string, any> | null; errors?: Array<{ message: string }> };
const gql = async (query: string, variables: Record<string, unknown> = {}): Promise<GraphAnswer> =>
  (await h.api.post('/graphql').set('x-api-key', alice.key).send({ query, variables })).body as GraphAnswer;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
}, patient(120_000));
afterAll(() => h.close());

describe('HistoryContent.miscInfo and miscBlurb', () => {
  it('answer what REST calls misc_info and misc_blurb, and so do the deprecated snake_case fields', async () => {
    const historyId = await createHistory(h, alice.key, 'misc');
    const upload = await uploadText(h, alice.key, historyId, 'one\ntwo\n', { fileType: 'txt', name: 'two lines' });
    await waitForJob(h, alice.key, upload.jobId);
    const answer = await gql('query ($h: ID!) { historyContents(historyId: $h) { ... on HistoryContent { id miscInfo miscBlurb misc_info misc_blurb } } }', { h: historyId });
    expect(answer.errors).toBeUndefined();
    const [dataset] = answer.data?.historyContents as Array<Record<string, string | null>>;
    const rest = (await h.api.get(`/api/datasets/${upload.datasetId}`).query({ key: alice.key })).body as Record<string, string | null>;
    expect(dataset).toEqual({ id: upload.datasetId, miscInfo: rest.misc_info, miscBlurb: '2 lines', misc_info: rest.misc_info, misc_blurb: '2 lines' });
    expect(rest.misc_blurb).toBe('2 lines');
  }, patient(60_000));

  it('marks the snake_case names deprecated in the schema, pointing to the camelCase ones', async () => {
    const answer = await (await h.api.post('/graphql').query({ key: h.admin.key }).send({ query: '{ __type(name: "HistoryContent") { fields(includeDeprecated: true) { name isDeprecated deprecationReason } } }' })).body as GraphAnswer;
    const fields = (answer.data?.__type.fields as Array<{ name: string; isDeprecated: boolean; deprecationReason: string | null }>).filter((field) => /^misc/.test(field.name));
    expect(fields).toEqual([
      { name: 'miscInfo', isDeprecated: false, deprecationReason: null },
      { name: 'miscBlurb', isDeprecated: false, deprecationReason: null },
      { name: 'misc_info', isDeprecated: true, deprecationReason: 'Use miscInfo (the graph names its fields in camelCase).' },
      { name: 'misc_blurb', isDeprecated: true, deprecationReason: 'Use miscBlurb (the graph names its fields in camelCase).' },
    ]);
  });
});
