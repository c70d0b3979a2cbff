import { createHistory } from '../support/data-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { catHeadWorkflow, importWorkflow } from '../support/workflow-helpers';

/**
 * `viewerCan` of histories, workflows and visualizations: what the caller may do with the item,
 * answered from the rules the operations apply, so that the web UI offers only what will not be
 * refused. Answers are checked against the operations themselves.
 */
let h: TestPlatform;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let historyId: string;

const CAN = `query ($id: ID!) { history(id: $id) { viewerCan { change addData makeCurrent share } } }`;

async function viewerCan(key: string | null, id = historyId) {
  const request = h.api.post('/graphql').send({ query: CAN, variables: { id } });
  const res = key ? await request.set('x-api-key', key) : await request;
  expect(res.body.errors).toBeUndefined();
  return res.body.data.history.viewerCan as Record<string, boolean>;
}

const rename = (key: string, name: string) =>
  h.api.post('/graphql').set('x-api-key', key).send({ query: 'mutation ($id: ID!, $c: JSONObject!) { updateHistory(id: $id, changes: $c) { name } }', variables: { id: historyId, c: { name } } });

beforeAll(async () => {
  h = await startTestPlatform();
  [owner, reader, stranger] = [await h.newUser('cando-owner'), await h.newUser('cando-reader'), await h.newUser('cando-stranger')];
  historyId = await createHistory(h, owner.key, 'Shared run');
  expect((await h.api.put(`/api/histories/${historyId}/share_with_users`).query({ key: owner.key }).send({ user_ids: [reader.id] })).status).toBe(200);
  expect((await h.api.put(`/api/histories/${historyId}/publish`).query({ key: owner.key })).status).toBe(200);
});
afterAll(() => h.close());

describe('History.viewerCan: what each kind of caller may do with a history', () => {
  it('lets the owner change, add data to, make current and share their history', async () => {
    expect(await viewerCan(owner.key)).toEqual({ change: true, addData: true, makeCurrent: true, share: true });
    expect((await rename(owner.key, 'Shared run')).body.errors).toBeUndefined();
  });

  it('lets an administrator change, add data to and share any history, not make it their current one', async () => {
    expect(await viewerCan(h.admin.key)).toEqual({ change: true, addData: true, makeCurrent: false, share: true });
    const res = await h.api.post('/graphql').set('x-api-key', h.admin.key).send({ query: 'mutation ($id: ID!) { setCurrentHistory(id: $id) { id } }', variables: { id: historyId } });
    expect(res.body.errors[0].extensions.code).toBe('ItemOwnershipException');
  });

  it('offers a user the history is shared with nothing but reading it, as the operations refuse them', async () => {
    expect(await viewerCan(reader.key)).toEqual({ change: false, addData: false, makeCurrent: false, share: false });
    expect((await rename(reader.key, 'Mine now')).body.errors[0].extensions.code).toBe('ItemOwnershipException');
  });

  it('offers another user and a visitor of a published history nothing but reading it', async () => {
    expect(await viewerCan(stranger.key)).toEqual({ change: false, addData: false, makeCurrent: false, share: false });
    expect(await viewerCan(null)).toEqual({ change: false, addData: false, makeCurrent: false, share: false });
  });

  it('does not offer to make a deleted history current, while its owner may still change it', async () => {
    const deleted = await createHistory(h, owner.key, 'Gone');
    await h.api.delete(`/api/histories/${deleted}`).query({ key: owner.key });
    expect(await viewerCan(owner.key, deleted)).toEqual({ change: true, addData: true, makeCurrent: false, share: true });
  });
});

const graph = async (key: string | null, query: string, variables: Record<string, unknown>) => {
  const request = h.api.post('/graphql').send({ query, variables });
  return (key ? await request.set('x-api-key', key) : await request).body as { data?: Record<string, { viewerCan: Record<string, boolean> } | null>; errors?: Array<{ extensions: { code: string } }> };
};

describe('Workflow.viewerCan: what each kind of caller may do with a workflow', () => {
  let workflowId: string;
  const can = async (key: string | null) => (await graph(key, 'query ($id: ID!) { workflow(id: $id) { viewerCan { change share run copy } } }', { id: workflowId })).data?.workflow?.viewerCan;

  beforeAll(async () => {
    workflowId = (await importWorkflow(h, owner.key, catHeadWorkflow('Offered actions'))).id;
    expect((await h.api.put(`/api/workflows/${workflowId}/share_with_users`).query({ key: owner.key }).send({ user_ids: [reader.id] })).status).toBe(200);
    expect((await h.api.put(`/api/workflows/${workflowId}/publish`).query({ key: owner.key })).status).toBe(200);
  });

  it('lets the owner change, share and run it, not copy their own', async () => {
    expect(await can(owner.key)).toEqual({ change: true, share: true, run: true, copy: false });
  });

  it('lets an administrator change, share, run and copy it', async () => {
    expect(await can(h.admin.key)).toEqual({ change: true, share: true, run: true, copy: true });
  });

  it('lets a user it is shared with run and copy it, not change or share it (the operation refuses them)', async () => {
    expect(await can(reader.key)).toEqual({ change: false, share: false, run: true, copy: true });
    expect((await h.api.put(`/api/workflows/${workflowId}/publish`).query({ key: reader.key })).status).toBe(403);
  });

  it('offers a visitor of a published workflow nothing but reading it', async () => {
    expect(await can(null)).toEqual({ change: false, share: false, run: false, copy: false });
  });
});

describe('Visualization.viewerCan: what each kind of caller may do with a visualization', () => {
  let visualizationId: string;
  const can = async (key: string | null) => (await graph(key, 'query ($id: ID!) { visualization(id: $id) { viewerCan { change share } } }', { id: visualizationId })).data?.visualization?.viewerCan;

  beforeAll(async () => {
    const created = await h.api.post('/api/visualizations').query({ key: owner.key }).send({ type: 'trackster', title: 'Offered actions', config: {} });
    visualizationId = created.body.id;
    expect((await h.api.put(`/api/visualizations/${visualizationId}/publish`).query({ key: owner.key })).status).toBe(200);
  });

  it('lets the owner save revisions and share it', async () => {
    expect(await can(owner.key)).toEqual({ change: true, share: true });
  });

  it('lets an administrator change its sharing, not save revisions ("Owner only")', async () => {
    expect(await can(h.admin.key)).toEqual({ change: false, share: true });
    const res = await h.api.put(`/api/visualizations/${visualizationId}`).query({ key: h.admin.key }).send({ title: 'Taken over', config: { a: 1 } });
    expect(res.status).toBe(403);
  });

  it('offers another user and a visitor of a published visualization nothing but reading it', async () => {
    expect(await can(stranger.key)).toEqual({ change: false, share: false });
    expect(await can(null)).toEqual({ change: false, share: false });
  });
});
