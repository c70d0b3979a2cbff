import {
  CASES,
  type Case,
  caseTitle,
  expectNoMarker,
  jobOnLaterPrivateInput,
  type LaterPrivateInput,
  MARKERS,
  type RestrictedWorld,
  restrictedWorld,
} from '../support/restricted-datasets';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

/**
 * The graph shows a dataset its caller may not read (its history's owner, administrators and
 * holders of all its access roles may) as `accessible: false` with its place only, wherever it
 * appears: history listings and pages, a history's `contents`, collection elements, job inputs;
 * its content facts (peek, metadata, info, blurb, genome build, uuid, size, tags, annotation,
 * permissions, tool version, creating job, text contents, column names) are null or empty.
 */
let h: TestPlatform;
let world: RestrictedWorld;
let job: LaterPrivateInput;

type Dict = Record<string, unknown>;
type Answer = { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions: { code: string }; path: Array<string | number> }> };

const DATASET_FIELDS = `id accessible name hid state extension deleted visible peek metadata misc_info misc_blurb genomeBuild uuid fileSize
  tags annotation toolVersion fileName dataType permissions { access manage } creatingJob { id }`;

async function gql(key: string | undefined, query: string, variables: Dict = {}): Promise<Answer> {
  const req = h.api.post('/graphql');
  if (key) req.set('x-api-key', key);
  return (await req.send({ query, variables })).body as Answer;
}

beforeAll(async () => {
  h = await startTestPlatform();
  world = await restrictedWorld(h);
  job = await jobOnLaterPrivateInput(h, world);
});
afterAll(() => h.close());

/** What a caller who may not read the dataset is shown of it. */
function expectInaccessibleNode(node: Dict, name: string): void {
  expect(node).toMatchObject({
    accessible: false,
    name,
    state: 'ok',
    extension: 'tabular',
    peek: null,
    metadata: null,
    misc_info: null,
    misc_blurb: null,
    genomeBuild: null,
    uuid: null,
    fileSize: 0,
    tags: [],
    annotation: null,
    toolVersion: null,
    fileName: null,
    permissions: null,
    creatingJob: null,
  });
}

function expectFullNode(node: Dict, c: Case): void {
  expect(node.accessible).toBe(true);
  expect(node.peek).toMatch(MARKERS[c.dataset]);
  expect(node.uuid).toEqual(expect.any(String));
  expect(node.fileSize).toBeGreaterThan(0);
  expect(node.metadata).toEqual(expect.any(Object));
  expect(node.permissions).toEqual({ access: expect.any(Array), manage: expect.any(Array) });
  expect((node.permissions as { access: string[] }).access.length).toBeGreaterThan(0);
}

function expectShown(c: Case, nodes: Dict[], answer: Answer): void {
  expect(answer.errors).toBeUndefined();
  const node = nodes.find((item) => item.id === world.idOf(c.place, c.dataset));
  expect(node).toBeDefined();
  if (c.sees === 'inaccessible') {
    expectInaccessibleNode(node as Dict, `${c.dataset} data`);
    expectNoMarker(answer, c.dataset);
  } else {
    expectFullNode(node as Dict, c);
  }
}

const cases = CASES.map((c) => [caseTitle(c), c] as const);

describe('historyContents shows a dataset the caller may not read as inaccessible', () => {
  it.each(cases)('%s', async (_title, c) => {
    const answer = await gql(world.keyOf(c.caller), `query ($h: ID!) { historyContents(historyId: $h) { ${DATASET_FIELDS} } }`, { h: world.places[c.place].historyId });
    expectShown(c, (answer.data?.historyContents ?? []) as Dict[], answer);
  });

  it('summary reads carry `accessible` too (the fields a big listing asks for)', async () => {
    const answer = await gql(undefined, 'query ($h: ID!) { historyContents(historyId: $h) { id accessible tags } }', { h: world.places.published.historyId });
    const byId = new Map(((answer.data?.historyContents ?? []) as Dict[]).map((node) => [node.id, node]));
    expect(byId.get(world.places.published.openId)).toMatchObject({ accessible: true });
    expect(byId.get(world.places.published.privateId)).toEqual({ id: world.places.published.privateId, accessible: false, tags: [] });
  });
});

describe('historyItemsPage shows a dataset the caller may not read as inaccessible', () => {
  it.each(cases)('%s', async (_title, c) => {
    const answer = await gql(
      world.keyOf(c.caller),
      `query ($h: ID!) { historyItemsPage(historyId: $h, first: 10, newestFirst: true) { edges { node { __typename ... on HistoryContent { ${DATASET_FIELDS} } } } } }`,
      { h: world.places[c.place].historyId },
    );
    const edges = ((answer.data?.historyItemsPage as { edges?: Array<{ node: Dict }> } | undefined)?.edges ?? []).map((edge) => edge.node);
    expectShown(c, edges, answer);
  });
});

describe("historyItems and a history's contents show a dataset the caller may not read as inaccessible", () => {
  it.each(cases)('%s', async (_title, c) => {
    const key = world.keyOf(c.caller);
    const items = await gql(key, `query ($h: ID!) { historyItems(historyId: $h) { ... on HistoryContent { ${DATASET_FIELDS} } } }`, { h: world.places[c.place].historyId });
    expectShown(c, (items.data?.historyItems ?? []) as Dict[], items);
    if (c.place === 'published') {
      // (A history only shared with the caller keeps its own rule for `contents`: refused, as before.)
      const history = await gql(key, `query ($h: ID!) { history(id: $h) { contents { ${DATASET_FIELDS} } } }`, { h: world.places[c.place].historyId });
      expectShown(c, ((history.data?.history as { contents?: Dict[] } | undefined)?.contents ?? []) as Dict[], history);
    }
  });
});

describe('contents(limit:), columnNames and columnCount of a dataset the caller may not read are refused (null, with the error), as its display is', () => {
  it.each(cases)('%s', async (_title, c) => {
    const id = world.idOf(c.place, c.dataset);
    const answer = await gql(
      world.keyOf(c.caller),
      'query ($h: ID!, $ids: [ID!]) { historyContents(historyId: $h, ids: $ids) { id metadata columnNames columnCount contents(limit: 5) { lines } } }',
      { h: world.places[c.place].historyId, ids: [id] },
    );
    const [node] = (answer.data?.historyContents ?? []) as Dict[];
    if (c.sees === 'inaccessible') {
      // Read in full (metadata asked for): the column names in its metadata are not shown either.
      expect(node).toEqual({ id, metadata: null, columnNames: null, columnCount: null, contents: null });
      expect(answer.errors?.map((error) => error.extensions.code)).toEqual(['ItemAccessibilityException', 'ItemAccessibilityException', 'ItemAccessibilityException']);
      expectNoMarker(answer, c.dataset);
    } else {
      expect(answer.errors).toBeUndefined();
      expect((node.contents as { lines: string[] }).lines[1]).toMatch(MARKERS[c.dataset]);
      expect(node.columnNames).toEqual([expect.stringMatching(MARKERS[c.dataset]), 'count']);
    }
  });
});

describe("a collection's elements (the graph) show a dataset the caller may not read as inaccessible", () => {
  it.each(cases)('%s', async (_title, c) => {
    const where = world.places[c.place];
    const answer = await gql(world.keyOf(c.caller), `query ($h: ID!, $id: ID!) { historyCollection(historyId: $h, id: $id) { elements { elementIdentifier dataset { ${DATASET_FIELDS} } } } }`, {
      h: where.historyId,
      id: where.collectionId,
    });
    const elements = ((answer.data?.historyCollection as { elements?: Array<{ dataset: Dict }> } | undefined)?.elements ?? []).map((element) => element.dataset);
    expect(elements).toHaveLength(3);
    expectShown(c, elements, answer);
    expect(elements.find((element) => element.id === where.openId)).toMatchObject({ accessible: true, peek: expect.stringContaining('open') });
  });
});

describe("job { inputs outputs }: a job's input made private since is inaccessible to the job's owner", () => {
  const JOB = `query ($id: ID!) { job(id: $id) { inputs { name src datasetId dataset { ${DATASET_FIELDS} } } outputs { name dataset { id accessible peek } } } }`;

  it('shows Bob his own job with its input inaccessible and its output in full', async () => {
    const answer = await gql(world.bob.key, JOB, { id: job.jobId });
    expect(answer.errors).toBeUndefined();
    const shown = answer.data?.job as { inputs: Array<{ datasetId: string; dataset: Dict }>; outputs: Array<{ dataset: Dict }> };
    expect(shown.inputs).toHaveLength(1);
    expect(shown.inputs[0].datasetId).toBe(job.inputId);
    expectInaccessibleNode(shown.inputs[0].dataset, 'later private data');
    // The output is Bob's own copy of what he could read then.
    expect(shown.outputs[0].dataset).toMatchObject({ id: job.outputId, accessible: true, peek: expect.stringMatching(MARKERS.private) });
  });

  it('shows an administrator the input in full', async () => {
    const answer = await gql(h.admin.key, JOB, { id: job.jobId });
    const input = (answer.data?.job as { inputs: Array<{ dataset: Dict }> }).inputs[0].dataset;
    expect(input).toMatchObject({ accessible: true, peek: expect.stringMatching(MARKERS.private) });
  });
});
