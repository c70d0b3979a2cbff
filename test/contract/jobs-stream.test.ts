import { JOB_COLLECTION_SELECTION, shapeJobCollection } from '../../rest-shim/serializers/job.reply';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { decoded, expectError, sql } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let aliceHistory: string;

/** The listing the shim answered before it streamed: the graph's `jobs`, shaped whole. */
const WHOLE = `query ($states: [String!], $toolIds: [String!], $historyId: String, $min: [String!], $orderBy: String) {
  jobs(states: $states, toolIds: $toolIds, historyId: $historyId, dateRangeMin: $min, orderBy: $orderBy) { ${JOB_COLLECTION_SELECTION} }
  viewer { isAdmin }
}`;

async function wholeAnswer(key: string, params: Record<string, string>): Promise<unknown> {
  const variables = {
    states: params.state ? [params.state] : null,
    toolIds: params.tool_id ? [params.tool_id] : null,
    historyId: params.history_id ?? null,
    min: params.date_range_min ? [params.date_range_min] : null,
    orderBy: params.order_by ?? null,
  };
  const res = await h.api.post('/graphql').set('x-api-key', key).send({ query: WHOLE, variables });
  expect(res.body.errors).toBeUndefined();
  const options = { admin: res.body.data.viewer.isAdmin as boolean, userDetails: params.user_details === 'true' };
  return (res.body.data.jobs as Array<Record<string, unknown>>).map((job) => shapeJobCollection(job, options));
}

/** `count` finished jobs of a user in a history, by SQL (set-based), a second apart. */
async function addJobs(user: TestUser, historyId: string, count: number, state = 'ok'): Promise<void> {
  await sql(
    h,
    `insert into job (create_time, update_time, tool_id, tool_version, params, state, user_id, history_id)
     select now() - n * interval '1 second', now() - n * interval '1 second', 'cat1', '1.0.0', '{}'::jsonb, ?, ?, ? from generate_series(1, ?) n`,
    [state, decoded(h, user.id), decoded(h, historyId), count],
  );
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  aliceHistory = await createHistory(h, alice.key);
  const upload = await uploadText(h, alice.key, aliceHistory, 'one\n', { fileType: 'txt' });
  await waitForJob(h, alice.key, upload.jobId);
  await addJobs(bob, await createHistory(h, bob.key), 3, 'error');
  await h.warmKeys(alice.key, h.admin.key);
}, patient(60_000));
afterAll(() => h.close());

describe('GET /api/jobs: streamed as it is read', () => {
  it('answers each filter mix as the whole answer did, for 1,500 jobs (two batches) as for a few, at constant SQL', async () => {
    const mixes = (): Array<[TestUser, Record<string, string>]> => [
      [alice, {}],
      [alice, { user_details: 'true' }],
      [h.admin, { user_details: 'true' }],
      [h.admin, { state: 'error' }],
      [alice, { tool_id: 'upload1' }],
      [alice, { history_id: aliceHistory, order_by: 'create_time' }],
      [alice, { date_range_min: '2000-01-01' }],
    ];
    const few: number[] = [];
    for (const [user, params] of mixes()) {
      const res = await h.api.get('/api/jobs').query({ key: user.key, ...params });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(await wholeAnswer(user.key, params));
      few.push(h.queriesOf(res));
    }
    await addJobs(alice, aliceHistory, 1500);
    for (const [index, [user, params]] of mixes().entries()) {
      const res = await h.api.get('/api/jobs').query({ key: user.key, ...params });
      expect(res.body).toEqual(await wholeAnswer(user.key, params));
      expect([params, h.queriesOf(res)]).toEqual([params, few[index]]);
    }
    const all = await h.api.get('/api/jobs').query({ key: alice.key });
    expect(all.body).toHaveLength(1501);
  });

  it('refuses before writing anything: no identity, a malformed history id, a bad date', async () => {
    expectError(await h.api.get('/api/jobs'), 403, 403001);
    expectError(await h.api.get('/api/jobs').query({ key: alice.key, history_id: 'nonsense' }), 400, 400004);
    expectError(await h.api.get('/api/jobs').query({ key: alice.key, date_range_min: 'yesterday-ish' }), 400, 400008);
  });
});
