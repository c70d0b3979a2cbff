import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * The addresses of 15.05 people keep in papers, wikis and e-mails, `u/<username>/<h|p|v|w>/<slug>`
 * (the platform's display_by_username_and_slug): the graph's `itemAtSlugAddress` names the item to
 * whoever may read it, and refuses the others as the platform did.
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

type Answer = { data?: { itemAtSlugAddress: { kind: string; id: string } } | null; errors?: Array<{ message: string; extensions: { code: string } }> };

const AT = 'query ($username: String!, $letter: String!, $slug: String!) { itemAtSlugAddress(username: $username, letter: $letter, slug: $slug) { kind id } }';

async function at(key: string | null, username: string, letter: string, slug: string): Promise<Answer> {
  const req = h.api.post('/graphql').send({ query: AT, variables: { username, letter, slug } });
  return (await (key ? req.set('x-api-key', key) : req)).body as Answer;
}

async function gql<T>(key: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await h.api.post('/graphql').set('x-api-key', key).send({ query, variables });
  expect(res.body.errors).toBeUndefined();
  return res.body.data as T;
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
});
afterAll(() => h.close());

describe('itemAtSlugAddress (u/<username>/<letter>/<slug>)', () => {
  it('names a published history to anyone, a visitor included', async () => {
    const created = await h.api.post('/api/histories').send({ key: alice.key, name: 'Paper data' });
    const status = await gql<{ setSharingAccess: { usernameAndSlug: string } }>(
      alice.key,
      'mutation ($id: ID!) { setSharingAccess(kind: HISTORIES, id: $id, action: "publish") { usernameAndSlug } }',
      { id: created.body.id },
    );
    expect(status.setSharingAccess.usernameAndSlug).toBe('u/alice/h/paper-data');
    for (const key of [null, bob.key, alice.key]) {
      expect((await at(key, 'alice', 'h', 'paper-data')).data?.itemAtSlugAddress).toEqual({ kind: 'HISTORIES', id: created.body.id });
    }
  });

  it('refuses a private page to visitors and other users, names it to its owner and to the users it is shared with', async () => {
    const page = await gql<{ createPage: { id: string } }>(alice.key, 'mutation ($input: PageInput!) { createPage(input: $input) { id } }', {
      input: { slug: 'notes', title: 'Notes', content: '<p>private</p>' },
    });
    for (const key of [null, bob.key]) {
      const refused = await at(key, 'alice', 'p', 'notes');
      expect(refused.errors?.[0]).toMatchObject({ message: 'This page is not accessible to you.', extensions: { code: 'ItemAccessibilityException' } });
    }
    expect((await at(alice.key, 'alice', 'p', 'notes')).data?.itemAtSlugAddress).toEqual({ kind: 'PAGES', id: page.createPage.id });
    await gql(alice.key, 'mutation ($id: ID!, $users: [String!]!) { shareWithUsers(kind: PAGES, id: $id, users: $users) { errors } }', { id: page.createPage.id, users: [bob.email] });
    expect((await at(bob.key, 'alice', 'p', 'notes')).data?.itemAtSlugAddress).toEqual({ kind: 'PAGES', id: page.createPage.id });
  });

  it('answers ObjectNotFound for an unknown user, slug or letter', async () => {
    for (const [username, letter, slug] of [['nobody', 'h', 'paper-data'], ['alice', 'h', 'no-such-history'], ['alice', 'x', 'paper-data'], ['alice', 'w', 'paper-data']]) {
      expect((await at(alice.key, username, letter, slug)).errors?.[0].extensions.code).toBe('ObjectNotFound');
    }
  });
});
