import { addSampleDatasets, addSamples, createRequest, createRequestType, setUpForms, submitRequest } from '../support/sample-tracking-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;
let typeId: string;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  typeId = (await createRequestType(h, await setUpForms(h))).id;
});
afterAll(() => h.close());

/** A submitted request with `count` samples, each with a dataset. */
async function requestWithSamples(count: number): Promise<string> {
  const request = await createRequest(h, alice.key, typeId);
  const samples = await addSamples(h, alice.key, request.id, Array.from({ length: count }, (_, i) => `sample ${i}`));
  await submitRequest(h, alice.key, request.id);
  for (const sample of samples) await addSampleDatasets(h, sample.id, [`${sample.name}.fastq`]);
  return request.id;
}

const GRAPH = `{ requests { id name state numOfSamples user { email } events { state } requestType { name states { name } requestForm { name } }
  samples { id state events { state comment } datasets { name status } } } }`;

const graphQuery = (key: string) => h.api.post('/graphql').set('x-api-key', key).send({ query: GRAPH });

describe('sample tracking listings cost a constant number of SQL statements', () => {
  it('GET /api/requests and the graph of requests, for 2 requests and for 12, as the owner and as an administrator', async () => {
    for (let i = 0; i < 2; i += 1) await requestWithSamples(2);
    await h.warmKeys(alice.key, h.admin.key);
    const small = {
      user: await h.api.get('/api/requests').query({ key: alice.key }),
      admin: await h.api.get('/api/requests').query({ key: h.admin.key }),
      graph: await graphQuery(alice.key),
    };
    expect(small.user.body).toHaveLength(2);
    for (let i = 0; i < 10; i += 1) await requestWithSamples(2);
    const large = {
      user: await h.api.get('/api/requests').query({ key: alice.key }),
      admin: await h.api.get('/api/requests').query({ key: h.admin.key }),
      graph: await graphQuery(alice.key),
    };
    expect(large.user.body).toHaveLength(12);
    expect(large.graph.body.data.requests).toHaveLength(12);
    expect(large.graph.body.data.requests[11].samples[1].datasets).toHaveLength(1);
    expect(h.queriesOf(large.user)).toBe(h.queriesOf(small.user));
    expect(h.queriesOf(large.admin)).toBe(h.queriesOf(small.admin));
    expect(h.queriesOf(large.graph)).toBe(h.queriesOf(small.graph));
    expect(h.queriesOf(large.user)).toBeLessThanOrEqual(1);
  });

  it('GET /api/requests/{id}/samples for 2 samples and for 12', async () => {
    const few = await requestWithSamples(2);
    const many = await requestWithSamples(12);
    await h.warmKeys(alice.key);
    const small = await h.api.get(`/api/requests/${few}/samples`).query({ key: alice.key });
    const large = await h.api.get(`/api/requests/${many}/samples`).query({ key: alice.key });
    expect(small.body).toHaveLength(2);
    expect(large.body).toHaveLength(12);
    expect(h.queriesOf(large)).toBe(h.queriesOf(small));
    expect(h.queriesOf(large)).toBe(1);
  });

  it('GET /api/request_types and GET /api/forms whatever their number', async () => {
    await h.warmKeys(alice.key, h.admin.key);
    const types = await h.api.get('/api/request_types').query({ key: alice.key });
    const forms = await h.api.get('/api/forms').query({ key: h.admin.key });
    expect(h.queriesOf(types)).toBe(1);
    expect(h.queriesOf(forms)).toBe(1);
  });
});
