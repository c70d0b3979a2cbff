import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { catHeadWorkflow, importWorkflow } from '../support/workflow-helpers';

/**
 * A page's embedded items (`page { embeds }`): 15.05's placeholders
 * (`<div class="embedded-item history placeholder" id="History-<id>">`) are kept by the sanitizer and
 * each item is read with the rights of whoever reads the page, never its author's.
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

type Answer<T> = { data?: T | null; errors?: Array<{ message: string }> };

async function gql<T>(key: string | null, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const req = h.api.post('/graphql').send({ query, variables });
  const answer = (await (key ? req.set('x-api-key', key) : req)).body as Answer<T>;
  expect(answer.errors).toBeUndefined();
  return answer.data as T;
}

const placeholder = (kind: string, prefix: string, id: string, name: string) =>
  `<div class='embedded-item ${kind} placeholder' id='${prefix}-${id}'><p class='title'>Embedded Galaxy ${kind} '${name}'</p><p class='content'>[Do not edit this block]</p></div>`;

const EMBEDS = `query ($id: ID!) { page(id: $id) { content embeds {
  kind id
  history { name } historyItems(first: 5) { hid name peek }
  dataset { name peek }
  workflow { name steps { label toolId } }
  visualization { title type }
} } }`;

interface Embed {
  kind: string;
  id: string;
  history: { name: string } | null;
  historyItems: Array<{ hid: number; name: string; peek: string | null }>;
  dataset: { name: string; peek: string | null } | null;
  workflow: { name: string; steps: Array<{ label: string | null; toolId: string | null }> } | null;
  visualization: { title: string; type: string } | null;
}

let ids: { history: string; openDataset: string; privateDataset: string; workflow: string; visualization: string; page: string };

async function uploaded(historyId: string, name: string, content: string): Promise<string> {
  const upload = await uploadText(h, alice.key, historyId, content, { fileType: 'txt', name });
  expect((await waitForJob(h, alice.key, upload.jobId)).state).toBe('ok');
  return upload.datasetId;
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('embeds-alice');
  bob = await h.newUser('embeds-bob');
  const history = await createHistory(h, alice.key, 'Embedded history');
  const openDataset = await uploaded(history, 'open reads', 'OPEN-CONTENT line\n');
  const privateDataset = await uploaded(history, 'private reads', 'PRIVATE-CONTENT line\n');
  expect((await h.api.put(`/api/datasets/${privateDataset}/permissions`).query({ key: alice.key }).send({ action: 'make_private' })).status).toBe(200);
  expect((await h.api.put(`/api/histories/${history}/publish`).query({ key: alice.key })).status).toBe(200);
  const workflow = (await importWorkflow(h, alice.key, catHeadWorkflow('Embedded workflow'))).id;
  const visualization = (
    await gql<{ createVisualization: string }>(alice.key, 'mutation ($input: JSONObject!) { createVisualization(input: $input) }', {
      input: { type: 'scatterplot', title: 'Embedded chart', config: {} },
    })
  ).createVisualization;
  const content = [
    '<p>Intro</p>',
    placeholder('history', 'History', history, 'Embedded history'),
    placeholder('dataset', 'HistoryDatasetAssociation', openDataset, 'open reads'),
    placeholder('dataset', 'HistoryDatasetAssociation', privateDataset, 'private reads'),
    placeholder('workflow', 'StoredWorkflow', workflow, 'Embedded workflow'),
    placeholder('visualization', 'Visualization', visualization, 'Embedded chart'),
    placeholder('history', 'History', 'f7bb1edd6b95db62', 'gone'),
  ].join('');
  const page = (await gql<{ createPage: { id: string } }>(alice.key, 'mutation ($input: PageInput!) { createPage(input: $input) { id } }', { input: { title: 'Embeds', slug: 'embeds', content } })).createPage.id;
  await gql(alice.key, 'mutation ($id: ID!) { setSharingAccess(kind: PAGES, id: $id, action: "publish") { published } }', { id: page });
  ids = { history, openDataset, privateDataset, workflow, visualization, page };
});
afterAll(() => h.close());

describe("the sanitizer keeps 15.05's embedded-item placeholders", () => {
  it('keeps their class and id (and drops what a placeholder must not carry)', async () => {
    const bad = `<div class="embedded-item dataset placeholder" id="HistoryDatasetAssociation-${ids.openDataset}" onclick="alert(1)" style="color:red"><p class="title">x</p></div>`;
    const created = await gql<{ createPage: { content: string } }>(alice.key, 'mutation ($input: PageInput!) { createPage(input: $input) { content } }', {
      input: { title: 'Kept', slug: 'kept-placeholders', content: bad },
    });
    expect(created.createPage.content).toContain('class="embedded-item dataset placeholder"');
    expect(created.createPage.content).toContain(`id="HistoryDatasetAssociation-${ids.openDataset}"`);
    expect(created.createPage.content).not.toMatch(/onclick|style=/);
  });
});

describe('page { embeds } reads each embedded item with the rights of the page reader', () => {
  it('gives the owner every item, in document order, with its kind and id', async () => {
    const { page } = await gql<{ page: { embeds: Embed[] } }>(alice.key, EMBEDS, { id: ids.page });
    expect(page.embeds.map((embed) => [embed.kind, embed.id])).toEqual([
      ['HISTORY', ids.history],
      ['DATASET', ids.openDataset],
      ['DATASET', ids.privateDataset],
      ['WORKFLOW', ids.workflow],
      ['VISUALIZATION', ids.visualization],
      ['HISTORY', 'f7bb1edd6b95db62'],
    ]);
    const [history, open, secret, workflow, visualization, gone] = page.embeds;
    expect(history.history).toEqual({ name: 'Embedded history' });
    expect(history.historyItems.map((item) => item.name)).toEqual(['open reads', 'private reads']);
    expect(open.dataset).toMatchObject({ name: 'open reads', peek: expect.stringContaining('OPEN-CONTENT') });
    expect(secret.dataset).toMatchObject({ name: 'private reads', peek: expect.stringContaining('PRIVATE-CONTENT') });
    expect(workflow.workflow?.name).toBe('Embedded workflow (imported from API)');
    expect(workflow.workflow?.steps.length).toBeGreaterThan(0);
    expect(visualization.visualization).toEqual({ title: 'Embedded chart', type: 'scatterplot' });
    expect(gone).toMatchObject({ history: null, historyItems: [], dataset: null });
  });

  it("refuses another user and a visitor the private dataset and Alice's unshared workflow and visualization, and shows them the published history", async () => {
    for (const key of [bob.key, null]) {
      const { page } = await gql<{ page: { embeds: Embed[] } }>(key, EMBEDS, { id: ids.page });
      const [history, open, secret, workflow, visualization] = page.embeds;
      expect(history.history).toEqual({ name: 'Embedded history' });
      expect(history.historyItems.map((item) => item.name)).toEqual(['open reads', 'private reads']);
      // Listed in the published history, the private dataset shows its place only, never its content.
      expect(history.historyItems[1].peek).toBeNull();
      expect(open.dataset).toMatchObject({ name: 'open reads', peek: expect.stringContaining('OPEN-CONTENT') });
      expect(secret.dataset).toBeNull();
      expect(workflow.workflow).toBeNull();
      expect(visualization.visualization).toBeNull();
      expect(JSON.stringify(page.embeds)).not.toContain('PRIVATE-CONTENT');
    }
  });

  it('shows a visitor the workflow and visualization once they are published', async () => {
    await gql(alice.key, 'mutation ($id: ID!) { setSharingAccess(kind: WORKFLOWS, id: $id, action: "publish") { published } }', { id: ids.workflow });
    await gql(alice.key, 'mutation ($id: ID!) { setSharingAccess(kind: VISUALIZATIONS, id: $id, action: "publish") { published } }', { id: ids.visualization });
    const { page } = await gql<{ page: { embeds: Embed[] } }>(null, EMBEDS, { id: ids.page });
    expect(page.embeds[3].workflow?.name).toBe('Embedded workflow (imported from API)');
    expect(page.embeds[4].visualization?.title).toBe('Embedded chart');
  });
});

describe('page { embeds } reads all the items of a page in a constant number of statements', () => {
  it('costs the same for a page with one item of each kind as for one with six of each', async () => {
    const datasets: string[] = [];
    for (let i = 0; i < 6; i += 1) datasets.push(await uploaded(ids.history, `d${i}`, `line ${i}\n`));
    const histories: string[] = [];
    for (let i = 0; i < 6; i += 1) histories.push(await createHistory(h, alice.key, `h${i}`));
    const make = async (slug: string, parts: string[]) =>
      (await gql<{ createPage: { id: string } }>(alice.key, 'mutation ($input: PageInput!) { createPage(input: $input) { id } }', { input: { title: slug, slug, content: parts.join('') } })).createPage.id;
    const cost = async (id: string) => {
      await h.warmKeys(alice.key);
      const res = await h.api.post('/graphql').set('x-api-key', alice.key).send({ query: EMBEDS, variables: { id } });
      expect(res.body.errors).toBeUndefined();
      return h.queriesOf(res);
    };
    const wf: string[] = [];
    for (let i = 0; i < 6; i += 1) wf.push((await importWorkflow(h, alice.key, catHeadWorkflow(`w${i}`))).id);
    const vis: string[] = [];
    for (let i = 0; i < 6; i += 1) vis.push((await gql<{ createVisualization: string }>(alice.key, 'mutation ($input: JSONObject!) { createVisualization(input: $input) }', { input: { type: 't', title: `v${i}`, config: {} } })).createVisualization);
    const one = await make('cost-one', [placeholder('dataset', 'HistoryDatasetAssociation', datasets[0], 'x'), placeholder('history', 'History', histories[0], 'x'), placeholder('workflow', 'StoredWorkflow', wf[0], 'x'), placeholder('visualization', 'Visualization', vis[0], 'x')]);
    const six = await make('cost-six', [
      ...datasets.map((d) => placeholder('dataset', 'HistoryDatasetAssociation', d, 'x')),
      ...histories.map((d) => placeholder('history', 'History', d, 'x')),
      ...wf.map((d) => placeholder('workflow', 'StoredWorkflow', d, 'x')),
      ...vis.map((d) => placeholder('visualization', 'Visualization', d, 'x')),
    ]);
    const costOfOne = await cost(one);
    expect(await cost(six)).toBe(costOfOne);
    // The page, then one statement per kind of read (histories, their first datasets, datasets, workflows and their steps, visualizations).
    expect(costOfOne).toBeLessThanOrEqual(8);
  });
});
