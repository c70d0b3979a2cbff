import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { patient } from '../support/patience';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { copyHeadWorkflow, importWorkflow } from '../support/workflow-helpers';

/**
 * Managing workflows through the graph (issue 35, item 3): rename, annotate, tag, copy ("Copy of
 * '<name>'"), delete and undelete with the list of deleted ones, import from a URL, versions newest
 * first with their steps, and reverting to a version. The owner and administrators change; other
 * users and anonymous callers are refused; a deleted workflow is not offered to run.
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

type GraphAnswer = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions: { code?: string; status?: number } }> };

const gql = async (key: string | null, query: string, variables: Record<string, unknown> = {}): Promise<GraphAnswer> => {
  const req = h.api.post('/graphql').send({ query, variables });
  return (await (key ? req.set('x-api-key', key) : req)).body as GraphAnswer;
};
const codeOf = (answer: GraphAnswer) => answer.errors?.[0]?.extensions.code;

const FIELDS = 'id name annotation tags deleted stepCount viewerCan { change run duplicate }';
const RENAME = `mutation ($id: ID!, $name: String!) { renameWorkflow(id: $id, name: $name) { ${FIELDS} } }`;
const ANNOTATE = `mutation ($id: ID!, $annotation: String!) { annotateWorkflow(id: $id, annotation: $annotation) { ${FIELDS} } }`;
const TAGS = `mutation ($id: ID!, $tags: [String!]!) { setWorkflowTags(id: $id, tags: $tags) { ${FIELDS} } }`;
const COPY = `mutation ($id: ID!) { copyWorkflow(id: $id) { ${FIELDS} } }`;
const DELETE = 'mutation ($id: ID!) { deleteWorkflow(id: $id) }';
const UNDELETE = `mutation ($id: ID!) { undeleteWorkflow(id: $id) { ${FIELDS} } }`;
const DELETED = `{ deletedWorkflows { ${FIELDS} } }`;
const FROM_URL = `mutation ($url: String!) { importWorkflowFromUrl(url: $url) { ${FIELDS} steps { toolId } } }`;
const UPDATE = 'mutation ($id: ID!, $workflow: JSON) { updateWorkflow(id: $id, workflow: $workflow) { id } }';
const VERSIONS = `query ($id: ID!) { workflow(id: $id) { versions(newestFirst: true) { id stepCount createTime steps { orderIndex toolId toolInputs } } } }`;
const REVERT = `mutation ($id: ID!, $versionId: ID!) { revertWorkflow(id: $id, versionId: $versionId) { id stepCount versions(newestFirst: true) { id stepCount steps { orderIndex toolId toolInputs } } } }`;

const workflowOf = async (user: TestUser, name: string) => (await importWorkflow(h, user.key, copyHeadWorkflow(name))).id;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  carol = await h.newUser('carol');
  await h.warmKeys(carol.key);
}, patient(120_000));
afterAll(() => h.close());

describe('renameWorkflow, annotateWorkflow, setWorkflowTags: the owner changes name, annotation and tags', () => {
  it('renames, annotates (sanitized; empty removes it) and tags, and REST shows the same', async () => {
    const id = await workflowOf(alice, 'to rename');
    const renamed = await gql(alice.key, RENAME, { id, name: '  Cleaned <b>name</b> ' });
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data?.renameWorkflow.name).toBe('Cleaned <b>name</b>');
    const annotated = await gql(alice.key, ANNOTATE, { id, annotation: 'notes <script>alert(1)</script>here' });
    expect(annotated.data?.annotateWorkflow.annotation).not.toContain('<script');
    const tagged = await gql(alice.key, TAGS, { id, tags: ['group:qc', 'sorting'] });
    expect(tagged.data?.setWorkflowTags.tags).toEqual(['group:qc', 'sorting']);
    const rest = await h.api.get(`/api/workflows/${id}`).query({ key: alice.key });
    expect(rest.body).toMatchObject({ name: 'Cleaned <b>name</b>', tags: ['group:qc', 'sorting'] });
    expect((await gql(alice.key, ANNOTATE, { id, annotation: '' })).data?.annotateWorkflow.annotation).toBeNull();
  });

  it('refuses an empty name with a clear error', async () => {
    const id = await workflowOf(alice, 'named');
    const answer = await gql(alice.key, RENAME, { id, name: '   ' });
    expect(codeOf(answer)).toBe('RequestParameterMissingException');
  });

  it('lets an administrator rename, refuses another user (ItemOwnership) and an anonymous caller', async () => {
    const id = await workflowOf(alice, 'guarded');
    expect((await gql(h.admin.key, RENAME, { id, name: 'by admin' })).data?.renameWorkflow.name).toBe('by admin');
    expect(codeOf(await gql(bob.key, RENAME, { id, name: 'by bob' }))).toBe('ItemOwnershipException');
    expect(codeOf(await gql(bob.key, TAGS, { id, tags: ['x'] }))).toBe('ItemOwnershipException');
    expect(codeOf(await gql(bob.key, ANNOTATE, { id, annotation: 'x' }))).toBe('ItemOwnershipException');
    expect((await gql(null, RENAME, { id, name: 'by nobody' })).errors).toBeDefined();
    expect((await gql(alice.key, `query ($id: ID!) { workflow(id: $id) { name } }`, { id })).data?.workflow.name).toBe('by admin');
  });
});

describe('copyWorkflow: "Copy of \'<name>\'" for whoever may read it', () => {
  it("copies the owner's workflow with its steps, annotation and tags", async () => {
    const id = await workflowOf(alice, 'original');
    await gql(alice.key, TAGS, { id, tags: ['kept'] });
    const copy = await gql(alice.key, COPY, { id });
    expect(copy.errors).toBeUndefined();
    expect(copy.data?.copyWorkflow).toMatchObject({ name: "Copy of 'original (imported from API)'", stepCount: 3, tags: ['kept'], annotation: 'copies a dataset and keeps the first lines' });
    expect(copy.data?.copyWorkflow.id).not.toBe(id);
  });

  it('refuses another user a workflow not shared with them, and a deleted workflow', async () => {
    const id = await workflowOf(alice, 'private');
    expect(codeOf(await gql(bob.key, COPY, { id }))).toBe('ItemAccessibilityException');
    expect((await gql(null, COPY, { id })).errors).toBeDefined();
    await gql(alice.key, DELETE, { id });
    expect(codeOf(await gql(alice.key, COPY, { id }))).toBe('ItemDeletionException');
  });
});

describe('deleteWorkflow, deletedWorkflows, undeleteWorkflow: a deleted workflow is listed apart and comes back', () => {
  it('lists the deleted workflow (not in workflows), not offered to run, and undelete brings it back', async () => {
    const id = await workflowOf(alice, 'to delete');
    await gql(alice.key, DELETE, { id });
    const listed = await gql(alice.key, `{ workflows { id } }`);
    expect(listed.data?.workflows.map((workflow: { id: string }) => workflow.id)).not.toContain(id);
    const deleted = await gql(alice.key, DELETED);
    const entry = deleted.data?.deletedWorkflows.find((workflow: { id: string }) => workflow.id === id);
    expect(entry).toMatchObject({ deleted: true, viewerCan: { change: true, run: false, duplicate: false } });
    expect((await gql(bob.key, DELETED)).data?.deletedWorkflows).toEqual([]);
    const back = await gql(alice.key, UNDELETE, { id });
    expect(back.data?.undeleteWorkflow).toMatchObject({ deleted: false, viewerCan: { run: true } });
    expect((await gql(alice.key, `{ workflows { id } }`)).data?.workflows.map((workflow: { id: string }) => workflow.id)).toContain(id);
  });

  it('refuses another user and an anonymous caller to undelete', async () => {
    const id = await workflowOf(alice, 'stays deleted');
    await gql(alice.key, DELETE, { id });
    expect(codeOf(await gql(bob.key, UNDELETE, { id }))).toBe('ItemOwnershipException');
    expect((await gql(null, UNDELETE, { id })).errors).toBeDefined();
    expect((await gql(null, DELETED)).errors).toBeDefined();
  });
});

describe('importWorkflowFromUrl: a .ga fetched from a http(s) URL', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const ga = JSON.stringify(copyHeadWorkflow('from the web'));
    server = createServer((req, res) => {
      if (req.url === '/workflow.ga') res.writeHead(200, { 'Content-Type': 'application/json' }).end(ga);
      else if (req.url === '/not-json') res.writeHead(200, { 'Content-Type': 'text/plain' }).end('hello');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('imports it named "<name> (imported from URL)" with its steps', async () => {
    const answer = await gql(alice.key, FROM_URL, { url: `${base}/workflow.ga` });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.importWorkflowFromUrl).toMatchObject({ name: 'from the web (imported from URL)', stepCount: 3 });
    expect(answer.data?.importWorkflowFromUrl.steps.map((step: { toolId: string | null }) => step.toolId)).toEqual([null, 'cat1', 'Show beginning1']);
  });

  it('answers a clear error for a missing file, a non-JSON answer and a non-http address; anonymous callers are refused', async () => {
    for (const url of [`${base}/missing.ga`, `${base}/not-json`, 'file:///etc/passwd', 'not a url']) {
      const answer = await gql(alice.key, FROM_URL, { url });
      expect(codeOf(answer)).toBe('RequestParameterInvalidException');
    }
    expect((await gql(null, FROM_URL, { url: `${base}/workflow.ga` })).errors).toBeDefined();
  });
});

describe('versions and revertWorkflow: going back to an earlier version', () => {
  it('lists versions newest first with their steps, and revert adds a latest version equal to the chosen one', async () => {
    const id = await workflowOf(alice, 'versioned');
    const changed = copyHeadWorkflow('versioned', 7);
    expect((await gql(alice.key, UPDATE, { id, workflow: changed })).errors).toBeUndefined();
    const before = await gql(alice.key, VERSIONS, { id });
    const versions = before.data?.workflow.versions;
    expect(versions).toHaveLength(2);
    expect(new Date(versions[0].createTime).getTime()).toBeGreaterThanOrEqual(new Date(versions[1].createTime).getTime());
    const lineNum = (version: { steps: Array<{ toolInputs: Record<string, unknown> }> }) => version.steps[2].toolInputs.lineNum;
    expect([lineNum(versions[0]), lineNum(versions[1])]).toEqual(['7', '2']);

    const reverted = await gql(alice.key, REVERT, { id, versionId: versions[1].id });
    expect(reverted.errors).toBeUndefined();
    const after = reverted.data?.revertWorkflow.versions;
    expect(after).toHaveLength(3);
    expect(after[0].steps).toEqual(versions[1].steps);
    const download = await h.api.get(`/api/workflows/${id}/download`).query({ key: alice.key });
    expect(JSON.parse(JSON.parse(download.body.steps['2'].tool_state).lineNum)).toBe('2');
  });

  it("refuses another workflow's version, another user and an anonymous caller", async () => {
    const id = await workflowOf(alice, 'mine');
    const other = await workflowOf(alice, 'other');
    const otherVersion = (await gql(alice.key, VERSIONS, { id: other })).data?.workflow.versions[0].id;
    expect(codeOf(await gql(alice.key, REVERT, { id, versionId: otherVersion }))).toBe('ObjectNotFound');
    const ownVersion = (await gql(alice.key, VERSIONS, { id })).data?.workflow.versions[0].id;
    expect(codeOf(await gql(bob.key, REVERT, { id, versionId: ownVersion }))).toBe('ItemOwnershipException');
    expect((await gql(null, REVERT, { id, versionId: ownVersion })).errors).toBeDefined();
    expect(codeOf(await gql(alice.key, REVERT, { id, versionId: 'nonsense' }))).toBe('MalformedId');
  });
});

describe('deletedWorkflows with versions and their steps: a constant number of statements', () => {
  it('costs the same SQL for one deleted workflow as for four', async () => {
    const LISTING = '{ deletedWorkflows { id name stepCount tags versions(newestFirst: true) { id stepCount steps { orderIndex toolId } } } }';
    const cost = async () => {
      const response = await h.api.post('/graphql').set('x-api-key', carol.key).send({ query: LISTING });
      expect(response.body.errors).toBeUndefined();
      return { queries: h.queriesOf(response), count: response.body.data.deletedWorkflows.length as number };
    };
    const deleteOne = async () => {
      const id = await workflowOf(carol, 'listed');
      await gql(carol.key, UPDATE, { id, workflow: copyHeadWorkflow('listed', 5) });
      await gql(carol.key, DELETE, { id });
    };
    await deleteOne();
    const one = await cost();
    for (let i = 0; i < 3; i += 1) await deleteOne();
    const four = await cost();
    expect([one.count, four.count]).toEqual([1, 4]);
    expect(four.queries).toBe(one.queries);
  });
});
