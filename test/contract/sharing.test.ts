import type { Response } from 'supertest';
import type { ShareableKindName } from '../../src/services/sharing/shareable-kinds';
import { createHistory } from '../support/data-helpers';
import { expectError, UNKNOWN_ID } from '../support/job-helpers';
import { catHeadWorkflow } from '../support/workflow-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * The sharing model, the same routes for every shareable kind: status, link access, publishing and
 * users, for the owner, another user, a user the item is shared with, an administrator and an
 * anonymous caller; and what each change lets others read and list through the kind's own routes.
 */

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

type Dict = Record<string, unknown>;
type ErrorKind = [status: number, errCode: number];

interface KindCase {
  kind: ShareableKindName;
  letter: string;
  /** Creates an item titled `title` as `key`; answers its encoded id. */
  create(key: string, title: string): Promise<string>;
  /** The slug the item has from its creation (pages are created with one), else null. */
  initialSlug(id: string): string | null;
  /** The kind's show route. */
  show(id: string, key?: string): Promise<Response>;
  /** What another user who may not read the item gets from the show. */
  unreadable: ErrorKind;
  /** Ids of the kind's listing where published items of other users appear. */
  listedFor(key: string): Promise<string[]>;
  /** Ids the kind lists as shared with the caller. */
  sharedWith(key: string): Promise<string[]>;
  /** The kind's error for an id that names nothing. */
  unknown: ErrorKind;
  /** What the kind adds to a title given at creation, and so to the slug made from it ('' for most). */
  titleSuffix: string;
  slugSuffix: string;
  /** The slug made from the title '!!!' (nothing usable: the kind's fallback). */
  symbolsSlug: string;
}

const ids = (res: Response) => (res.body as Array<{ id: string }>).map((item) => item.id);
const graph = (key: string, query: string, variables: Dict = {}) => h.api.post('/graphql').set('x-api-key', key).send({ query, variables });

let slugs = 0;
const pageSlugs = new Map<string, string>();

const KINDS: KindCase[] = [
  {
    kind: 'histories',
    letter: 'h',
    create: (key, title) => createHistory(h, key, title),
    initialSlug: () => null,
    show: (id, key) => h.api.get(`/api/histories/${id}`).query(key ? { key } : {}),
    unreadable: [403, 403002],
    listedFor: async (key) => ids(await h.api.get('/api/histories/published').query({ key })),
    sharedWith: async (key) => ids(await h.api.get('/api/histories/shared_with_me').query({ key })),
    unknown: [404, 404001],
    titleSuffix: '',
    slugSuffix: '',
    symbolsSlug: 'history',
  },
  {
    kind: 'pages',
    letter: 'p',
    async create(key, title) {
      const slug = `shared-page-${(slugs += 1)}`;
      const res = await h.api.post('/api/pages').send({ key, title, slug, content: '<p>shared</p>' });
      expect(res.status).toBe(200);
      pageSlugs.set(res.body.id, slug);
      return res.body.id;
    },
    initialSlug: (id) => pageSlugs.get(id) ?? null,
    show: (id, key) => h.api.get(`/api/pages/${id}`).query(key ? { key } : {}),
    unreadable: [403, 403003],
    listedFor: async (key) => ids(await h.api.get('/api/pages').query({ key })),
    sharedWith: async (key) => (await graph(key, '{ pagesSharedWithMe { id } }')).body.data.pagesSharedWithMe.map((item: Dict) => item.id),
    unknown: [404, 404001],
    titleSuffix: '',
    slugSuffix: '',
    symbolsSlug: 'page',
  },
  {
    kind: 'visualizations',
    letter: 'v',
    async create(key, title) {
      const res = await h.api.post('/api/visualizations').query({ key }).send({ type: 'trackster', title, config: {} });
      expect(res.status).toBe(200);
      return res.body.id;
    },
    initialSlug: () => null,
    show: (id, key) => h.api.get(`/api/visualizations/${id}`).query(key ? { key } : {}),
    unreadable: [403, 403002],
    listedFor: async (key) => ids(await h.api.get('/api/visualizations').query({ key })),
    sharedWith: async (key) => (await graph(key, '{ visualizationsSharedWithMe { id } }')).body.data.visualizationsSharedWithMe.map((item: Dict) => item.id),
    // The platform's get_object: a MessageException naming the id.
    unknown: [400, 0],
    titleSuffix: '',
    slugSuffix: '',
    symbolsSlug: 'visualization',
  },
  {
    kind: 'workflows',
    letter: 'w',
    async create(key, title) {
      const res = await h.api.post('/api/workflows').send({ key, workflow: catHeadWorkflow(title) });
      expect(res.status).toBe(200);
      return res.body.id;
    },
    initialSlug: () => null,
    show: (id, key) => h.api.get(`/api/workflows/${id}`).query(key ? { key } : {}),
    unreadable: [403, 403002],
    listedFor: async (key) => ids(await h.api.get('/api/workflows').query({ key, show_published: 'true' })),
    // The caller's listing holds the workflows shared with them (after their own).
    sharedWith: async (key) => ids(await h.api.get('/api/workflows').query({ key })),
    unknown: [404, 404001],
    // The platform names a workflow imported through the API "<name> (imported from API)".
    titleSuffix: ' (imported from API)',
    slugSuffix: '-imported-from-api',
    symbolsSlug: '-imported-from-api',
  },
];

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  carol = await h.newUser('carol');
});
afterAll(() => h.close());

describe.each(KINDS)('sharing $kind', (k) => {
  const base = (id: string) => `/api/${k.kind}/${id}`;
  const status = (id: string, key?: string) => h.api.get(`${base(id)}/sharing`).query(key ? { key } : {});
  const put = (id: string, action: string, key?: string, body: Dict = {}) => h.api.put(`${base(id)}/${action}`).query(key ? { key } : {}).send(body);
  const address = (user: TestUser, slug: string) => `u/${user.username}/${k.letter}/${slug}`;

  describe(`GET /api/${k.kind}/{id}/sharing`, () => {
    it('answers the owner and an administrator the sharing status', async () => {
      const id = await k.create(alice.key, 'Status of mine');
      const slug = k.initialSlug(id);
      const expected = { id, title: `Status of mine${k.titleSuffix}`, importable: false, published: false, users_shared_with: [], username_and_slug: slug && address(alice, slug) };
      const res = await status(id, alice.key);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expected);
      expect((await status(id, h.admin.key)).body).toEqual(expected);
    });

    it('refuses another user and a user it is shared with (ItemOwnershipException), anonymous callers (403001), unknown ids', async () => {
      const id = await k.create(alice.key, 'Not theirs');
      await put(id, 'share_with_users', alice.key, { user_ids: [bob.id] });
      expectError(await status(id, carol.key), 403, 403003);
      expectError(await status(id, bob.key), 403, 403003);
      expectError(await status(id), 403, 403001);
      expectError(await status(UNKNOWN_ID, alice.key), ...k.unknown);
    });
  });

  describe(`PUT /api/${k.kind}/{id}/enable_link_access, disable_link_access, publish, unpublish`, () => {
    it('link access lets anyone with the id read it without listing it; the item gets a slug from its title', async () => {
      const id = await k.create(alice.key, 'Linked Results!');
      expectError(await k.show(id, carol.key), ...k.unreadable);
      const res = await put(id, 'enable_link_access', alice.key);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, importable: true, published: false, username_and_slug: address(alice, k.initialSlug(id) ?? `linked-results${k.slugSuffix}`) });
      expect((await k.show(id, carol.key)).status).toBe(200);
      expect(await k.listedFor(carol.key)).not.toContain(id);
    });

    it('publishing implies link access and lists the item for other users; unpublishing keeps link access; disabling link access also unpublishes', async () => {
      const id = await k.create(alice.key, 'For everyone');
      expect((await put(id, 'publish', alice.key)).body).toMatchObject({ importable: true, published: true });
      expect(await k.listedFor(carol.key)).toContain(id);
      expect((await k.show(id, carol.key)).status).toBe(200);
      expect((await put(id, 'unpublish', alice.key)).body).toMatchObject({ importable: true, published: false });
      expect(await k.listedFor(carol.key)).not.toContain(id);
      expect((await k.show(id, carol.key)).status).toBe(200);
      await put(id, 'publish', alice.key);
      expect((await put(id, 'disable_link_access', alice.key)).body).toMatchObject({ importable: false, published: false });
      expect(await k.listedFor(carol.key)).not.toContain(id);
      expectError(await k.show(id, carol.key), ...k.unreadable);
    });

    it("lets an administrator change another user's item; refuses other users, users it is shared with and anonymous callers", async () => {
      const id = await k.create(alice.key, 'Guarded');
      await put(id, 'share_with_users', alice.key, { user_ids: [bob.id] });
      for (const action of ['enable_link_access', 'disable_link_access', 'publish', 'unpublish']) {
        expectError(await put(id, action, carol.key), 403, 403003);
        expectError(await put(id, action, bob.key), 403, 403003);
        expectError(await put(id, action), 403, 403001);
      }
      expectError(await put(UNKNOWN_ID, 'publish', alice.key), ...k.unknown);
      expect((await status(id, alice.key)).body).toMatchObject({ importable: false, published: false });
      const res = await put(id, 'publish', h.admin.key);
      expect(res.status).toBe(200);
      // The address is the owner's, not the administrator's.
      expect(res.body).toMatchObject({ importable: true, published: true, username_and_slug: address(alice, k.initialSlug(id) ?? `guarded${k.slugSuffix}`) });
    });
  });

  describe(`PUT /api/${k.kind}/{id}/share_with_users`, () => {
    it('shares with users named by email or id, reports unknown ones, and lets them read (not change) the item', async () => {
      const id = await k.create(alice.key, 'For Bob and Carol');
      expectError(await k.show(id, bob.key), ...k.unreadable);
      const res = await put(id, 'share_with_users', alice.key, { user_ids: [bob.email, 'nobody@example.org', carol.id, 'not-an-id'] });
      expect(res.status).toBe(200);
      expect(res.body.errors).toEqual(['nobody@example.org is not a valid Galaxy user.', 'not-an-id is not a valid Galaxy user.']);
      expect(res.body.sharing_status).toMatchObject({ id, importable: false, published: false });
      expect(res.body.sharing_status.users_shared_with).toEqual([
        { id: bob.id, email: bob.email },
        { id: carol.id, email: carol.email },
      ]);
      expect((await k.show(id, bob.key)).status).toBe(200);
      expect(await k.sharedWith(bob.key)).toContain(id);
      // Shared is not published: other users neither list nor read it.
      const dave = await h.newUser();
      expect(await k.listedFor(dave.key)).not.toContain(id);
      expectError(await k.show(id, dave.key), ...k.unreadable);
    });

    it('shares with exactly the users given: the others are unshared', async () => {
      const id = await k.create(alice.key, 'Changing company');
      await put(id, 'share_with_users', alice.key, { user_ids: [bob.id, carol.id] });
      const again = await put(id, 'share_with_users', alice.key, { user_ids: [carol.email] });
      expect(again.body).toEqual({ sharing_status: expect.objectContaining({ users_shared_with: [{ id: carol.id, email: carol.email }] }), errors: [] });
      expectError(await k.show(id, bob.key), ...k.unreadable);
      expect(await k.sharedWith(bob.key)).not.toContain(id);
      expect((await put(id, 'share_with_users', alice.key, { user_ids: [] })).body.sharing_status.users_shared_with).toEqual([]);
    });

    it('reports sharing with the owner; accepts a comma-separated text and a body sent without a Content-Type', async () => {
      const id = await k.create(alice.key, 'Mine');
      expect((await put(id, 'share_with_users', alice.key, { user_ids: [alice.email] })).body.errors).toEqual(['You cannot share resource with yourself.']);
      expect((await put(id, 'share_with_users', alice.key, { user_ids: `${bob.email}, ${carol.email}` })).body.sharing_status.users_shared_with).toHaveLength(2);
      const raw = await h.api
        .put(`${base(id)}/share_with_users`)
        .query({ key: alice.key })
        .set('Content-Type', '')
        .send(Buffer.from(JSON.stringify({ user_ids: [bob.id] })));
      expect(raw.status).toBe(200);
      expect(raw.body.sharing_status.users_shared_with).toEqual([{ id: bob.id, email: bob.email }]);
    });

    it('lets an administrator share the item; refuses other users, users it is shared with and anonymous callers', async () => {
      const id = await k.create(alice.key, 'Admin shares');
      const res = await put(id, 'share_with_users', h.admin.key, { user_ids: [bob.email] });
      expect(res.status).toBe(200);
      expect(res.body.sharing_status.users_shared_with).toEqual([{ id: bob.id, email: bob.email }]);
      expectError(await put(id, 'share_with_users', bob.key, { user_ids: [carol.id] }), 403, 403003);
      expectError(await put(id, 'share_with_users', carol.key, { user_ids: [carol.id] }), 403, 403003);
      expectError(await put(id, 'share_with_users', undefined, { user_ids: [carol.id] }), 403, 403001);
      expect((await status(id, alice.key)).body.users_shared_with).toEqual([{ id: bob.id, email: bob.email }]);
    });
  });

  describe('GraphQL sharingStatus, setSharingAccess, shareWithUsers', () => {
    const KIND = k.kind.toUpperCase();
    const STATUS = 'id importable published usersSharedWith { id email } usernameAndSlug';

    it('offers the same operations as the routes', async () => {
      const id = await k.create(alice.key, 'Graph Shared');
      const published = await graph(alice.key, `mutation ($kind: ShareableKind!, $id: ID!) { setSharingAccess(kind: $kind, id: $id, action: "publish") { ${STATUS} } }`, { kind: KIND, id });
      expect(published.body.data.setSharingAccess).toEqual({
        id,
        importable: true,
        published: true,
        usersSharedWith: [],
        usernameAndSlug: address(alice, k.initialSlug(id) ?? `graph-shared${k.slugSuffix}`),
      });
      const shared = await graph(alice.key, `mutation ($kind: ShareableKind!, $id: ID!, $users: [String!]!) { shareWithUsers(kind: $kind, id: $id, users: $users) { sharingStatus { ${STATUS} } errors } }`, {
        kind: KIND,
        id,
        users: [bob.email, 'ghost@example.org'],
      });
      expect(shared.body.data.shareWithUsers.errors).toEqual(['ghost@example.org is not a valid Galaxy user.']);
      const read = await graph(h.admin.key, `query ($kind: ShareableKind!, $id: ID!) { sharingStatus(kind: $kind, id: $id) { ${STATUS} } }`, { kind: KIND, id });
      expect(read.body.data.sharingStatus.usersSharedWith).toEqual([{ id: bob.id, email: bob.email }]);
    });

    it('refuses an unknown action (RequestParameterInvalidException) and another user (ItemOwnershipException)', async () => {
      const id = await k.create(alice.key, 'Graph guarded');
      const bad = await graph(alice.key, 'mutation ($kind: ShareableKind!, $id: ID!) { setSharingAccess(kind: $kind, id: $id, action: "share_everything") { id } }', { kind: KIND, id });
      expect(bad.body.errors[0].extensions).toMatchObject({ code: 'RequestParameterInvalidException', errCode: 400008 });
      const other = await graph(carol.key, 'query ($kind: ShareableKind!, $id: ID!) { sharingStatus(kind: $kind, id: $id) { id } }', { kind: KIND, id });
      expect(other.body.errors[0].extensions).toMatchObject({ code: 'ItemOwnershipException', errCode: 403003 });
    });
  });
});

describe.each(KINDS.filter((k) => k.kind !== 'pages'))('the slug a $kind gets when first shared', (k) => {
  const put = (id: string, action: string, key: string) => h.api.put(`/api/${k.kind}/${id}/${action}`).query({ key });
  const address = (user: TestUser, slug: string) => `u/${user.username}/${k.letter}/${slug}`;

  it('is made from the title, unique among the owner\'s items of the kind, and kept once given', async () => {
    const first = await k.create(alice.key, 'Same Title');
    const second = await k.create(alice.key, 'Same Title');
    expect((await put(first, 'publish', alice.key)).body.username_and_slug).toBe(address(alice, `same-title${k.slugSuffix}`));
    expect((await put(second, 'enable_link_access', alice.key)).body.username_and_slug).toBe(address(alice, `same-title${k.slugSuffix}-1`));
    expect((await put(first, 'disable_link_access', alice.key)).body.username_and_slug).toBe(address(alice, `same-title${k.slugSuffix}`));
    // Another owner may use the same slug; a title with nothing usable falls back to the kind's name.
    const bobs = await k.create(bob.key, 'Same Title');
    expect((await put(bobs, 'publish', bob.key)).body.username_and_slug).toBe(address(bob, `same-title${k.slugSuffix}`));
    const symbols = await k.create(bob.key, '!!!');
    expect((await put(symbols, 'publish', bob.key)).body.username_and_slug).toBe(address(bob, k.symbolsSlug));
  });
});

describe('the cost of sharing', () => {
  it('answers a status and shares with users in the same number of SQL statements for 1 user and for 5', async () => {
    const others = await Promise.all([1, 2, 3, 4, 5].map(() => h.newUser()));
    await h.warmKeys(alice.key);
    const one = await createHistory(h, alice.key, 'One share');
    const five = await createHistory(h, alice.key, 'Five shares');
    const shareOne = await h.api.put(`/api/histories/${one}/share_with_users`).query({ key: alice.key }).send({ user_ids: [others[0].email] });
    const shareFive = await h.api.put(`/api/histories/${five}/share_with_users`).query({ key: alice.key }).send({ user_ids: others.map((user) => user.email) });
    expect(shareFive.body.sharing_status.users_shared_with).toHaveLength(5);
    expect(h.queriesOf(shareFive)).toBe(h.queriesOf(shareOne));
    const statusOne = await h.api.get(`/api/histories/${one}/sharing`).query({ key: alice.key });
    const statusFive = await h.api.get(`/api/histories/${five}/sharing`).query({ key: alice.key });
    expect(h.queriesOf(statusFive)).toBe(h.queriesOf(statusOne));
    expect(h.queriesOf(statusFive)).toBeLessThanOrEqual(2);
  });
});

describe('two items of one title shared at once', () => {
  it('get distinct slugs (a lock per owner and kind while the slug is chosen)', async () => {
    const erin = await h.newUser('erin');
    const items = await Promise.all([1, 2, 3].map(() => createHistory(h, erin.key, 'Raced')));
    const answers = await Promise.all(items.map((id) => h.api.put(`/api/histories/${id}/publish`).query({ key: erin.key })));
    const addresses = answers.map((res) => res.body.username_and_slug).sort();
    expect(addresses).toEqual([`u/${erin.username}/h/raced`, `u/${erin.username}/h/raced-1`, `u/${erin.username}/h/raced-2`]);
  });
});

describe('the slug of a shared page', () => {
  it('is the one the page was created with (pages always have one)', async () => {
    const res = await h.api.post('/api/pages').send({ key: alice.key, title: 'Has a slug', slug: 'chosen-slug' });
    const published = await h.api.put(`/api/pages/${res.body.id}/publish`).query({ key: alice.key });
    expect(published.body.username_and_slug).toBe(`u/${alice.username}/p/chosen-slug`);
  });
});

describe('published and shared lists in the graph', () => {
  it('lists published pages and visualizations for everyone, and what was shared with the caller, never deleted ones', async () => {
    const page = await KINDS[1].create(alice.key, 'Published page');
    const viz = await KINDS[2].create(alice.key, 'Published viz');
    await h.api.put(`/api/pages/${page}/publish`).query({ key: alice.key });
    await h.api.put(`/api/visualizations/${viz}/publish`).query({ key: alice.key });
    const anonymous = await h.api.post('/graphql').send({ query: '{ publishedPages { id title } publishedVisualizations { id title url } publishedHistories { id } }' });
    expect(anonymous.body.data.publishedPages).toContainEqual({ id: page, title: 'Published page' });
    expect(anonymous.body.data.publishedVisualizations).toContainEqual({ id: viz, title: 'Published viz', url: `/api/visualizations/${viz}` });
    await h.api.delete(`/api/pages/${page}`).query({ key: alice.key });
    const after = await h.api.post('/graphql').send({ query: '{ publishedPages { id } }' });
    expect(after.body.data.publishedPages).not.toContainEqual({ id: page });
  });

  it('refuses the shared-with-me lists to anonymous callers', async () => {
    const res = await h.api.post('/graphql').send({ query: '{ pagesSharedWithMe { id } }' });
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'AuthenticationRequired' });
  });
});

describe('GET /api/histories/{id} of a history shared by link', () => {
  it('is readable by an anonymous caller with the id (histories are the kind anonymous callers may read)', async () => {
    const id = await createHistory(h, alice.key, 'Open to anyone');
    expectError(await h.api.get(`/api/histories/${id}`), 403, 403002);
    await h.api.put(`/api/histories/${id}/enable_link_access`).query({ key: alice.key });
    expect((await h.api.get(`/api/histories/${id}`)).status).toBe(200);
  });
});
