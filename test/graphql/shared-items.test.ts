import { historyAndWorkflowWithSameId } from '../support/same-numbered-items';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { copyHeadWorkflow, importWorkflow } from '../support/workflow-helpers';

/**
 * What the graph shows of shared items to visitors, sharees and everybody: published and
 * link-accessible pages (and visualizations, workflows) for anyone with the link, private ones
 * refused; the published and shared-with-me lists of workflows; owners by public username; sharing
 * statuses told apart by kind.
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

type GraphError = { message: string; extensions: { code: string } };
type Answer = { data?: Record<string, unknown> | null; errors?: GraphError[] };

async function gql(key: string | null, query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
  const req = h.api.post('/graphql').send({ query, variables });
  const res = await (key ? req.set('x-api-key', key) : req);
  return res.body as Answer;
}

async function ok<T>(key: string | null, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await gql(key, query, variables);
  expect(answer.errors).toBeUndefined();
  return answer.data as T;
}

const SET_ACCESS = 'mutation ($kind: ShareableKind!, $id: ID!, $action: String!) { setSharingAccess(kind: $kind, id: $id, action: $action) { kind id published importable } }';
const SHARE = 'mutation ($kind: ShareableKind!, $id: ID!, $users: [String!]!) { shareWithUsers(kind: $kind, id: $id, users: $users) { errors } }';

async function createPage(owner: TestUser, slug: string, title: string, content: string): Promise<string> {
  const data = await ok<{ createPage: { id: string } }>(owner.key, 'mutation ($input: PageInput!) { createPage(input: $input) { id } }', { input: { slug, title, content } });
  return data.createPage.id;
}

async function createVisualization(owner: TestUser, title: string): Promise<string> {
  const data = await ok<{ createVisualization: string }>(owner.key, 'mutation ($input: JSONObject!) { createVisualization(input: $input) }', {
    input: { type: 'trackster', title, dbkey: 'hg19', config: { view: { tracks: 1 } } },
  });
  return data.createVisualization;
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
});
afterAll(() => h.close());

const PAGE = 'query ($id: ID!) { page(id: $id) { id title owner published importable content } }';

describe('page(id) for a visitor', () => {
  it('reads a published page, with its content and its owner, without signing in', async () => {
    const id = await createPage(alice, 'published-methods', 'Published methods', '<p>open</p>');
    await ok(alice.key, SET_ACCESS, { kind: 'PAGES', id, action: 'publish' });
    const { page } = await ok<{ page: Record<string, unknown> }>(null, PAGE, { id });
    expect(page).toEqual({ id, title: 'Published methods', owner: 'alice', published: true, importable: true, content: '<p>open</p>' });
  });

  it('reads a page shared by link (importable, not published)', async () => {
    const id = await createPage(alice, 'link-only', 'Link only', '<p>by link</p>');
    await ok(alice.key, SET_ACCESS, { kind: 'PAGES', id, action: 'enable_link_access' });
    const { page } = await ok<{ page: Record<string, unknown> }>(null, PAGE, { id });
    expect(page).toMatchObject({ id, published: false, importable: true, content: '<p>by link</p>' });
  });

  it("refuses a private page with the platform's refusal, to a visitor and to another user", async () => {
    const id = await createPage(alice, 'private-notes', 'Private notes', '<p>mine</p>');
    for (const key of [null, bob.key]) {
      const answer = await gql(key, PAGE, { id });
      expect(answer.data).toBeNull();
      expect(answer.errors?.[0]).toMatchObject({ message: 'User does not own specified item.', extensions: { code: 'ItemOwnershipException' } });
    }
    // Its owner reads it.
    expect((await ok<{ page: { content: string } }>(alice.key, PAGE, { id })).page.content).toBe('<p>mine</p>');
  });

});

describe('the REST contract, unchanged', () => {
  it('still asks an anonymous caller for an identity (403001) to show a published page, workflow or visualization, and a private one', async () => {
    const page = await createPage(alice, 'rest-published', 'REST published', '<p>x</p>');
    const workflow = (await importWorkflow(h, alice.key, copyHeadWorkflow('REST published'), { publish: true })).id;
    const visualization = await createVisualization(alice, 'REST published');
    await ok(alice.key, SET_ACCESS, { kind: 'PAGES', id: page, action: 'publish' });
    await ok(alice.key, SET_ACCESS, { kind: 'VISUALIZATIONS', id: visualization, action: 'publish' });
    const privatePage = await createPage(alice, 'rest-private', 'REST private', '<p>x</p>');
    const paths = [`/api/pages/${page}`, `/api/pages/${privatePage}`, `/api/workflows/${workflow}`, `/api/workflows/${workflow}/download?style=instance`, `/api/visualizations/${visualization}`];
    for (const path of paths) {
      const res = await h.api.get(path);
      expect([path, res.status, res.body.err_code]).toEqual([path, 403, 403001]);
    }
    expect((await h.api.get(`/api/pages/${page}`).query({ key: bob.key })).body).toMatchObject({ id: page, title: 'REST published' });
  });
});

describe('visualization(id) for a visitor', () => {
  const VISUALIZATION = 'query ($id: ID!) { visualization(id: $id) { id title owner latestRevision { config } revisionHistory { title createTime } } }';

  it('reads a published visualization with its owner and revisions; a private one is refused', async () => {
    const open = await createVisualization(alice, 'Open tracks');
    await ok(alice.key, SET_ACCESS, { kind: 'VISUALIZATIONS', id: open, action: 'publish' });
    const { visualization } = await ok<{ visualization: Record<string, unknown> }>(null, VISUALIZATION, { id: open });
    expect(visualization).toMatchObject({ id: open, title: 'Open tracks', owner: 'alice', latestRevision: { config: { view: { tracks: 1 } } } });
    expect(visualization.revisionHistory).toEqual([{ title: 'Open tracks', createTime: expect.any(String) }]);

    const closed = await createVisualization(alice, 'Closed tracks');
    const refused = await gql(null, VISUALIZATION, { id: closed });
    expect(refused.errors?.[0]).toMatchObject({ message: 'Visualization is not accessible to the current user', extensions: { code: 'ItemAccessibilityException' } });
  });
});

describe('published and shared workflows', () => {
  const PUBLISHED = '{ publishedWorkflows { id name owner published } }';
  const SHARED = '{ workflowsSharedWithMe { id name owner published } }';

  it('lists published workflows to a visitor, with their owners, and none that is not published', async () => {
    const published = await importWorkflow(h, alice.key, copyHeadWorkflow('Open pipeline'), { publish: true });
    const unpublished = await importWorkflow(h, alice.key, copyHeadWorkflow('Closed pipeline'));
    const { publishedWorkflows } = await ok<{ publishedWorkflows: Array<{ id: string; owner: string }> }>(null, PUBLISHED);
    expect(publishedWorkflows).toContainEqual({ id: published.id, name: 'Open pipeline (imported from API)', owner: 'alice', published: true });
    expect(publishedWorkflows.map((workflow) => workflow.id)).not.toContain(unpublished.id);
    // A visitor opens it, and is refused the one that is not published.
    expect((await ok<{ workflow: { name: string } }>(null, 'query ($id: ID!) { workflow(id: $id) { name } }', { id: published.id })).workflow.name).toBe('Open pipeline (imported from API)');
    const refused = await gql(null, 'query ($id: ID!) { workflow(id: $id) { name } }', { id: unpublished.id });
    expect(refused.errors?.[0].extensions.code).toBe('ItemAccessibilityException');
  });

  it('lists the workflows shared with the caller (published or not), never their own or merely published ones', async () => {
    const carol = await h.newUser('carol');
    const shared = await importWorkflow(h, alice.key, copyHeadWorkflow('For carol'));
    const sharedAndPublished = await importWorkflow(h, alice.key, copyHeadWorkflow('For carol and all'), { publish: true });
    await importWorkflow(h, alice.key, copyHeadWorkflow('Everyone'), { publish: true });
    await importWorkflow(h, carol.key, copyHeadWorkflow('Carol own'));
    for (const id of [shared.id, sharedAndPublished.id]) expect((await ok<{ shareWithUsers: { errors: string[] } }>(alice.key, SHARE, { kind: 'WORKFLOWS', id, users: [carol.email] })).shareWithUsers.errors).toEqual([]);
    const { workflowsSharedWithMe } = await ok<{ workflowsSharedWithMe: Array<{ id: string; owner: string; published: boolean }> }>(carol.key, SHARED);
    expect(workflowsSharedWithMe).toEqual([
      { id: sharedAndPublished.id, name: 'For carol and all (imported from API)', owner: 'alice', published: true },
      { id: shared.id, name: 'For carol (imported from API)', owner: 'alice', published: false },
    ]);
  });

  it('asks a visitor to sign in for the shared list', async () => {
    const answer = await gql(null, SHARED);
    expect(answer.errors?.[0].extensions.code).toBe('AuthenticationRequired');
  });
});

describe('owners in the published and shared lists', () => {
  it('names each owner by username, never by email', async () => {
    const dave = await h.newUser('dave');
    const pageId = await createPage(bob, 'bobs-page', "Bob's page", '<p>b</p>');
    const visualizationId = await createVisualization(bob, "Bob's tracks");
    await ok(bob.key, SET_ACCESS, { kind: 'PAGES', id: pageId, action: 'publish' });
    await ok(bob.key, SET_ACCESS, { kind: 'VISUALIZATIONS', id: visualizationId, action: 'publish' });
    await ok(bob.key, SHARE, { kind: 'PAGES', id: pageId, users: [dave.email] });
    await ok(bob.key, SHARE, { kind: 'VISUALIZATIONS', id: visualizationId, users: [dave.email] });

    const historyId = (await h.api.post('/api/histories').send({ key: bob.key, name: "Bob's history" })).body.id as string;
    await ok(bob.key, SET_ACCESS, { kind: 'HISTORIES', id: historyId, action: 'publish' });
    await ok(bob.key, SHARE, { kind: 'HISTORIES', id: historyId, users: [dave.email] });
    const published = await ok<{
      publishedPages: Array<{ id: string; owner: string }>;
      publishedVisualizations: Array<{ id: string; owner: string; updateTime: string }>;
      publishedHistories: Array<{ id: string; owner: string }>;
    }>(null, '{ publishedPages { id owner } publishedVisualizations { id owner updateTime } publishedHistories { id owner } }');
    expect(published.publishedHistories).toContainEqual({ id: historyId, owner: 'bob' });
    expect(published.publishedPages).toContainEqual({ id: pageId, owner: 'bob' });
    expect(published.publishedVisualizations).toContainEqual({ id: visualizationId, owner: 'bob', updateTime: expect.any(String) });
    const shared = await ok<Record<string, Array<{ id: string; owner: string }>>>(dave.key, '{ historiesSharedWithMe { id owner } pagesSharedWithMe { id owner } visualizationsSharedWithMe { id owner } }');
    expect(shared.historiesSharedWithMe).toEqual([{ id: historyId, owner: 'bob' }]);
    expect(shared.pagesSharedWithMe).toEqual([{ id: pageId, owner: 'bob' }]);
    expect(shared.visualizationsSharedWithMe).toEqual([{ id: visualizationId, owner: 'bob' }]);
    expect(JSON.stringify({ published, shared })).not.toContain('@');
  });
});

describe('sharing statuses of different kinds', () => {
  it('carry their kind beside their id, so a history and a workflow with the same id are two statuses', async () => {
    const id = await historyAndWorkflowWithSameId(h, alice.key, { history: 'Same number history', workflow: 'Same number workflow' });
    await ok(alice.key, SET_ACCESS, { kind: 'WORKFLOWS', id, action: 'publish' });
    const STATUS = 'query ($kind: ShareableKind!, $id: ID!) { sharingStatus(kind: $kind, id: $id) { kind id title published } }';
    const history = await ok<{ sharingStatus: Record<string, unknown> }>(alice.key, STATUS, { kind: 'HISTORIES', id });
    const workflow = await ok<{ sharingStatus: Record<string, unknown> }>(alice.key, STATUS, { kind: 'WORKFLOWS', id });
    expect(history.sharingStatus).toEqual({ kind: 'HISTORIES', id, title: 'Same number history', published: false });
    expect(workflow.sharingStatus).toEqual({ kind: 'WORKFLOWS', id, title: 'Same number workflow (imported from API)', published: true });
  });
});
