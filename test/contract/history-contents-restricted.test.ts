import { expectError } from '../support/job-helpers';
import { CASES, type Case, caseTitle, expectNoMarker, INACCESSIBLE_KEYS, MARKERS, type RestrictedWorld, restrictedWorld } from '../support/restricted-datasets';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

/**
 * A dataset made private, or restricted to roles, in a history others may list: the history's
 * listings show it to those who may not read it in the platform's `inaccessible` view (id, name,
 * history_id, hid, history_content_type, state, deleted, visible) with `accessible: false`, whatever
 * view or keys they ask for; its owner, administrators and holders of all its access roles see it in
 * full. Deliberate difference from 15.05: the platform wrote every view of it (peek, metadata,
 * tags…) to anyone who could read the history.
 */
let h: TestPlatform;
let world: RestrictedWorld;

type Dict = Record<string, unknown>;

beforeAll(async () => {
  h = await startTestPlatform();
  world = await restrictedWorld(h);
});
afterAll(() => h.close());

const listing = (c: Case, query: Record<string, string> = {}) => {
  const key = world.keyOf(c.caller);
  return h.api.get(`/api/histories/${world.places[c.place].historyId}/contents`).query({ ...query, ...(key ? { key } : {}) });
};

/** The item of the case's dataset in a listing's answer. */
function itemOf(c: Case, body: unknown): Dict {
  expect(Array.isArray(body)).toBe(true);
  const item = (body as Dict[]).find((entry) => entry.id === world.idOf(c.place, c.dataset));
  expect(item).toBeDefined();
  return item as Dict;
}

/** The inaccessible view, and nothing of the dataset's content anywhere in the answer. */
function expectInaccessible(c: Case, body: unknown): void {
  const item = itemOf(c, body);
  expect(Object.keys(item).sort()).toEqual(INACCESSIBLE_KEYS);
  expect(item).toMatchObject({ accessible: false, history_content_type: 'dataset', state: 'ok', name: `${c.dataset} data`, deleted: false, visible: true });
  expectNoMarker(body, c.dataset);
}

function expectDetailedInFull(c: Case, body: unknown): void {
  const item = itemOf(c, body);
  expect(item.accessible).toBe(true);
  expect(item.peek).toMatch(MARKERS[c.dataset]);
  expect(item.uuid).toEqual(expect.any(String));
  expect(item.file_size).toBeGreaterThan(0);
}

describe('GET /api/histories/{id}/contents (summary) shows a dataset the caller may not read in the inaccessible view', () => {
  it.each(CASES.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    const res = await listing(c);
    expect(res.status).toBe(200);
    if (c.sees === 'inaccessible') {
      expectInaccessible(c, res.body);
    } else {
      const item = itemOf(c, res.body);
      // The summary view, as for any dataset.
      expect(Object.keys(item)).toEqual(['id', 'name', 'type_id', 'history_id', 'hid', 'history_content_type', 'dataset_id', 'state', 'extension', 'deleted', 'purged', 'visible', 'type', 'url']);
    }
  });
});

describe('GET /api/histories/{id}/contents?details=all (deliberate difference from 15.05: no details of a dataset the caller may not read)', () => {
  it.each(CASES.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    const res = await listing(c, { details: 'all' });
    expect(res.status).toBe(200);
    if (c.sees === 'inaccessible') expectInaccessible(c, res.body);
    else expectDetailedInFull(c, res.body);
  });
});

describe('GET /api/histories/{id}/contents?details=<id> and ?ids=<id> (the legacy detailed listing)', () => {
  it.each(CASES.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    const id = world.idOf(c.place, c.dataset);
    const detailed = await listing(c, { details: id });
    expect(detailed.status).toBe(200);
    if (c.sees === 'inaccessible') expectInaccessible(c, detailed.body);
    else expectDetailedInFull(c, detailed.body);
    // `ids` lists the datasets named, in the summary view here.
    const named = await listing(c, { ids: id });
    expect(named.body).toHaveLength(1);
    if (c.sees === 'inaccessible') expectInaccessible(c, named.body);
    else expect(itemOf(c, named.body)).toMatchObject({ extension: 'tabular', type: 'file' });
  });
});

describe('GET /api/histories/{id}/contents?v=dev&keys=… (the inaccessible view whatever keys are asked for)', () => {
  it.each(CASES.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    const res = await listing(c, { v: 'dev', keys: 'id,peek,metadata,tags,annotation,uuid,misc_info,file_size,accessible' });
    expect(res.status).toBe(200);
    if (c.sees === 'inaccessible') {
      expectInaccessible(c, res.body);
    } else {
      const item = itemOf(c, res.body);
      expect(item).toMatchObject({ accessible: true, peek: expect.stringMatching(MARKERS[c.dataset]), uuid: expect.any(String) });
      expect(item.metadata_column_names ?? item.metadata_columns).toBeDefined();
    }
  });

  it('shows the open dataset beside them in full to everyone who may list the history', async () => {
    const res = await h.api.get(`/api/histories/${world.places.published.historyId}/contents`).query({ keys: 'id,peek,accessible' });
    const open = (res.body as Dict[]).find((item) => item.id === world.places.published.openId);
    expect(open).toEqual({ id: world.places.published.openId, peek: expect.stringContaining('open'), accessible: true });
  });
});

describe('GET /api/histories/{id}/contents/{id} answers 403 to a caller who may not read the dataset, as 15.05 does', () => {
  it.each(CASES.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    const key = world.keyOf(c.caller);
    const res = await h.api.get(`/api/histories/${world.places[c.place].historyId}/contents/${world.idOf(c.place, c.dataset)}`).query(key ? { key } : {});
    if (c.sees === 'inaccessible') {
      expectError(res, 403, 403002);
      expectNoMarker(res.body, c.dataset);
    } else {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: world.idOf(c.place, c.dataset), accessible: true, peek: expect.stringMatching(MARKERS[c.dataset]) });
    }
  });
});

describe('GET /api/histories/{id}?keys=contents lists its datasets as the contents listing does', () => {
  // (Users a history is only shared with are refused its `contents` key, as before: a rule of the history, not of its datasets.)
  it.each(CASES.filter((c) => c.place === 'published').map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    const key = world.keyOf(c.caller);
    const res = await h.api.get(`/api/histories/${world.places[c.place].historyId}`).query({ ...(key ? { key } : {}), keys: 'id,contents' });
    expect(res.status).toBe(200);
    const contents = (res.body as { contents: Dict[] }).contents;
    if (c.sees === 'inaccessible') expectInaccessible(c, contents);
    else expectDetailedInFull(c, contents);
  });
});

describe('GET /api/histories/{id}/contents costs the same number of statements to a caller who may not read some datasets', () => {
  it('as many as the owner: the access of each dataset is read in the listing statement, whatever the view', async () => {
    const { historyId } = world.places.published;
    await h.warmKeys(world.alice.key, world.bob.key);
    for (const query of [{}, { details: 'all' }, { keys: 'id,peek' }]) {
      const owner = await h.api.get(`/api/histories/${historyId}/contents`).query({ key: world.alice.key, ...query });
      const other = await h.api.get(`/api/histories/${historyId}/contents`).query({ key: world.bob.key, ...query });
      expect(other.body).toHaveLength((owner.body as unknown[]).length);
      expect(h.queriesOf(other)).toBe(h.queriesOf(owner));
    }
  });
});

describe('POST /api/histories (history_id) copies only the datasets the caller may read (deliberate difference from 15.05, whose copy made them the owner of every dataset)', () => {
  const copied: Array<[string, 'another user' | 'a user it is shared with' | 'a role holder lacking its roles' | 'a holder of all its roles' | 'the owner' | 'an administrator', string[]]> = [
    ['another user', 'another user', ['open data']],
    ['a user it is shared with', 'a user it is shared with', ['open data']],
    ['a role holder lacking its roles', 'a role holder lacking its roles', ['open data']],
    ['a holder of all its roles', 'a holder of all its roles', ['open data', 'restricted data']],
    ['the owner', 'the owner', ['open data', 'private data', 'restricted data']],
    ['an administrator', 'an administrator', ['open data', 'private data', 'restricted data']],
  ];

  it.each(copied)("the published history's copy by %s", async (_title, caller, names) => {
    const key = world.keyOf(caller) as string;
    const copy = await h.api.post('/api/histories').query({ key }).send({ history_id: world.places.published.historyId });
    expect(copy.status).toBe(200);
    const contents = await h.api.get(`/api/histories/${copy.body.id}/contents`).query({ key, v: 'dev', keys: 'name,accessible,history_content_type,id' });
    const datasets = (contents.body as Dict[]).filter((item) => item.history_content_type === 'dataset');
    expect(datasets.map((item) => item.name)).toEqual(names);
    expect(datasets.every((item) => item.accessible === true)).toBe(true);
    // Its collection's elements left behind still point at the originals, which stay inaccessible to the copier.
    const collection = (contents.body as Dict[]).find((item) => item.history_content_type === 'dataset_collection') as Dict;
    const shown = await h.api.get(`/api/histories/${copy.body.id}/contents/dataset_collections/${String(collection.id)}`).query({ key });
    const accessible = (shown.body.elements as Array<{ element_identifier: string; object: Dict }>).map((element) => [element.element_identifier, element.object.accessible !== false]);
    expect(accessible).toEqual([
      ['open', true],
      ['private', names.includes('private data')],
      ['restricted', names.includes('restricted data')],
    ]);
    for (const which of ['private', 'restricted'] as const) if (!names.includes(`${which} data`)) expectNoMarker(shown.body, which);
  });
});
