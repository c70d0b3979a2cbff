import { type DepotUser, startTestDepot, type TestDepot } from '../support/test-depot';

let h: TestDepot;
let alice: DepotUser;

beforeAll(async () => {
  h = await startTestDepot();
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

const ENCODED = /^[0-9a-f]{16}$/;

describe('POST /api/categories', () => {
  it('creates a category (administrators), the description defaulting to the name', async () => {
    const res = await h.api.post('/api/categories').send({ key: h.admin.key, name: 'Sequence Analysis' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      model_class: 'Category',
      id: expect.stringMatching(ENCODED),
      name: 'Sequence Analysis',
      description: 'Sequence Analysis',
      deleted: false,
      message: "Category 'Sequence Analysis' has been created",
      url: `/api/categories/${res.body.id}`,
    });
    const described = await h.api.post('/api/categories').type('form').send({ key: h.masterKey, name: 'Assembly', description: 'Genome assembly' });
    expect(described.body.description).toBe('Genome assembly');
  });

  it('refuses a taken name with 409 Conflict and a missing name with 400007', async () => {
    const taken = await h.api.post('/api/categories').send({ key: h.masterKey, name: 'Sequence Analysis' });
    expect([taken.status, taken.body]).toEqual([409, { err_msg: 'A category with that name already exists.', err_code: 409001 }]);
    const missing = await h.api.post('/api/categories').send({ key: h.masterKey });
    expect([missing.status, missing.body]).toEqual([400, { err_msg: 'Missing required parameter "name".', err_code: 400007 }]);
  });

  it('is refused to users (403006) and anonymous callers (403001)', async () => {
    const user = await h.api.post('/api/categories').send({ key: alice.key, name: 'Mine' });
    expect([user.status, user.body.err_code]).toEqual([403, 403006]);
    const anonymous = await h.api.post('/api/categories').send({ name: 'Mine' });
    expect([anonymous.status, anonymous.body.err_code]).toEqual([403, 403001]);
  });
});

describe('GET /api/categories and /api/categories/{id}', () => {
  it('lists categories by name for anyone, each with its url and the number of its repositories', async () => {
    const res = await h.api.get('/api/categories');
    expect(res.status).toBe(200);
    expect(res.body.map((category: { name: string }) => category.name)).toEqual(['Assembly', 'Sequence Analysis']);
    expect(res.body[0]).toEqual({ model_class: 'Category', id: expect.stringMatching(ENCODED), name: 'Assembly', description: 'Genome assembly', deleted: false, url: `/api/categories/${res.body[0].id}`, repositories: 0 });
  });

  it('shows one category; a malformed id is 400009, an unknown one 404001', async () => {
    const [first] = (await h.api.get('/api/categories')).body;
    const shown = await h.api.get(`/api/categories/${first.id}`);
    expect(shown.body).toEqual({ model_class: 'Category', id: first.id, name: 'Assembly', description: 'Genome assembly', deleted: false, url: `/api/categories/${first.id}` });
    const malformed = await h.api.get('/api/categories/xyz');
    expect([malformed.status, malformed.body.err_code]).toEqual([400, 400009]);
    const unknown = await h.api.get(`/api/categories/${h.depot.services.ids.encode(4242)}`);
    expect([unknown.status, unknown.body.err_code]).toEqual([404, 404001]);
  });

  it('lists deleted categories for administrators only', async () => {
    await h.sql("update depot.category set deleted = true where name = 'Assembly'");
    const refused = await h.api.get('/api/categories').query({ deleted: 'true', key: alice.key });
    expect([refused.status, refused.body]).toEqual([403, { err_msg: 'Only administrators can query deleted categories.', err_code: 403006 }]);
    const deleted = await h.api.get('/api/categories').query({ deleted: 'true', key: h.masterKey });
    expect(deleted.body.map((category: { name: string }) => category.name)).toEqual(['Assembly']);
    await h.sql("update depot.category set deleted = false where name = 'Assembly'");
  });
});

describe("GET /api/categories/deleted (the Tool Shed client's get_categories(deleted=True))", () => {
  it('lists the deleted categories to administrators, as ?deleted=true does', async () => {
    await h.sql("update depot.category set deleted = true where name = 'Assembly'");
    try {
      const res = await h.api.get('/api/categories/deleted').query({ key: h.admin.key });
      expect(res.status).toBe(200);
      expect(res.body).toEqual((await h.api.get('/api/categories').query({ deleted: 'true', key: h.admin.key })).body);
      expect(res.body).toEqual([{ model_class: 'Category', id: expect.stringMatching(ENCODED), name: 'Assembly', description: 'Genome assembly', deleted: true, url: `/api/categories/${res.body[0].id}`, repositories: 0 }]);
    } finally {
      await h.sql("update depot.category set deleted = false where name = 'Assembly'");
    }
  });

  it('is refused to users and anonymous callers (403006, as ?deleted=true)', async () => {
    for (const query of [{ key: alice.key }, {}]) {
      const res = await h.api.get('/api/categories/deleted').query(query);
      expect([res.status, res.body]).toEqual([403, { err_msg: 'Only administrators can query deleted categories.', err_code: 403006 }]);
    }
  });
});
