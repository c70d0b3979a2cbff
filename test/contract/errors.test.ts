import { startTestPlatform, type TestPlatform } from '../support/test-platform';

let h: TestPlatform;

beforeAll(async () => {
  h = await startTestPlatform();
});
afterAll(() => h.close());

describe('request bodies that are not valid JSON', () => {
  it('answer 400 with err_code 400003', async () => {
    const res = await h.api.post('/api/groups').query({ key: h.admin.key }).set('Content-Type', 'application/json').send('{"name": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ err_msg: 'Your request did not appear to be valid JSON, please consult the API documentation.', err_code: 400003 });
  });
});

describe('routes of areas not built yet', () => {
  it.each([
    ['get', '/api/pages'],
    ['get', '/api/requests'],
    ['post', '/api/depot_repositories/get_latest_installable_revision'],
  ] as const)('%s %s answers 501 NotImplemented, never a bare 404', async (method, path) => {
    const res = await h.api[method](path).query({ key: h.admin.key });
    expect(res.status).toBe(501);
    expect(res.body.err_code).toBe(501001);
  });
});

describe('paths outside the contract', () => {
  it('answer a JSON 404', async () => {
    const res = await h.api.get('/api/no_such_thing');
    expect(res.status).toBe(404);
    expect(res.body.err_code).toBe(404001);
  });
});

describe('GET /api/version', () => {
  it('answers like the platform', async () => {
    const res = await h.api.get('/api/version');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ version_major: '15.05', version_minor: '1' });
  });
});

describe('unexpected failures', () => {
  it('answer 500 with the platform body and no stack', async () => {
    const services = h.platform.services;
    const original = services.groups.list.bind(services.groups);
    services.groups.list = async () => {
      throw new Error('database on fire');
    };
    try {
      const res = await h.api.get('/api/groups').query({ key: h.admin.key });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ err_msg: 'Uncaught exception in exposed API method:', err_code: 0 });
      const graph = await h.api.post('/graphql').send({ query: '{ groups { id } }', key: h.admin.key }).set('x-api-key', h.admin.key);
      expect(graph.body.errors[0].message).toBe('Internal server error.');
      expect(JSON.stringify(graph.body)).not.toContain('database on fire');
    } finally {
      services.groups.list = original;
    }
  });
});
