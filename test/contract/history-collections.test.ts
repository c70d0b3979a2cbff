import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { expectError, UNKNOWN_ID } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let history: string;
let datasets: string[];

type Dict = Record<string, unknown>;

const COLLECTION_KEYS = [
  'id', 'model_class', 'name', 'hid', 'history_id', 'history_content_type', 'type', 'collection_type', 'element_count', 'populated', 'visible', 'deleted',
  'create_time', 'update_time', 'url',
].sort();

async function uploaded(key: string, historyId: string, content: string, name: string): Promise<string> {
  const upload = await uploadText(h, key, historyId, content, { fileType: 'txt', name });
  await waitForJob(h, key, upload.jobId);
  return upload.datasetId;
}

const create = (key: string, historyId: string, body: Dict) => h.api.post(`/api/histories/${historyId}/contents`).query({ key }).send({ type: 'dataset_collection', ...body });
const list = (key: string, historyId: string, query: Dict = {}) => h.api.get(`/api/histories/${historyId}/contents`).query({ key, ...query });
const show = (key: string | undefined, historyId: string, id: string) =>
  h.api.get(`/api/histories/${historyId}/contents/dataset_collections/${id}`).query(key ? { key } : {});

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  history = await createHistory(h, alice.key);
  datasets = [];
  for (const [index, text] of ['a\n', 'b\n', 'c\n', 'd\n'].entries()) datasets.push(await uploaded(alice.key, history, text, `sample${index + 1}`));
});
afterAll(() => h.close());

describe('POST /api/histories/{id}/contents with type=dataset_collection', () => {
  it('creates a list from history datasets, answering the element view with each element and its dataset', async () => {
    const res = await create(alice.key, history, {
      collection_type: 'list',
      name: 'My list',
      element_identifiers: datasets.slice(0, 3).map((id, index) => ({ name: `sample${index + 1}`, src: 'hda', id })),
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...COLLECTION_KEYS, 'elements'].sort());
    expect(res.body).toMatchObject({
      name: 'My list',
      hid: 5,
      history_id: history,
      history_content_type: 'dataset_collection',
      type: 'collection',
      collection_type: 'list',
      element_count: 3,
      populated: true,
      visible: true,
      deleted: false,
      model_class: 'HistoryDatasetCollectionAssociation',
      url: `/api/histories/${history}/contents/dataset_collections/${res.body.id}`,
    });
    const elements = res.body.elements as Dict[];
    expect(elements.map((element) => element.element_identifier)).toEqual(['sample1', 'sample2', 'sample3']);
    expect(elements.map((element) => element.element_index)).toEqual([0, 1, 2]);
    expect(elements.map((element) => element.element_type)).toEqual(['hda', 'hda', 'hda']);
    expect(elements.map((element) => (element.object as Dict).id)).toEqual(datasets.slice(0, 3));
    expect(elements[0].object).toMatchObject({ model_class: 'HistoryDatasetAssociation', hda_ldda: 'hda', name: 'sample1', state: 'ok', file_ext: 'txt', history_id: history });
  });

  it('creates a paired collection (forward, reverse) from a form post with element_identifiers as JSON text', async () => {
    const res = await h.api
      .post(`/api/histories/${history}/contents`)
      .type('form')
      .send({
        key: alice.key,
        type: 'dataset_collection',
        collection_type: 'paired',
        name: 'pair',
        element_identifiers: JSON.stringify([
          { name: 'forward', src: 'hda', id: datasets[0] },
          { name: 'reverse', src: 'hda', id: datasets[1] },
        ]),
      });
    expect(res.status).toBe(200);
    expect(res.body.collection_type).toBe('paired');
    expect((res.body.elements as Dict[]).map((element) => element.element_identifier)).toEqual(['forward', 'reverse']);
  });

  it('creates nested list:paired collections from new_collection elements', async () => {
    const pair = (a: string, b: string) => [
      { name: 'forward', src: 'hda', id: a },
      { name: 'reverse', src: 'hda', id: b },
    ];
    const res = await create(alice.key, history, {
      collection_type: 'list:paired',
      name: 'pairs',
      element_identifiers: [
        { name: 'p1', src: 'new_collection', collection_type: 'paired', element_identifiers: pair(datasets[0], datasets[1]) },
        { name: 'p2', src: 'new_collection', collection_type: 'paired', element_identifiers: pair(datasets[2], datasets[3]) },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.element_count).toBe(2);
    const [p1, p2] = res.body.elements as Dict[];
    expect(p1).toMatchObject({ element_identifier: 'p1', element_type: 'dataset_collection', element_index: 0 });
    const inner = p1.object as Dict;
    expect(inner).toMatchObject({ model_class: 'DatasetCollection', collection_type: 'paired', element_count: 2 });
    expect((inner.elements as Dict[]).map((element) => (element.object as Dict).id)).toEqual([datasets[0], datasets[1]]);
    expect(((p2.object as Dict).elements as Dict[]).map((element) => (element.object as Dict).id)).toEqual([datasets[2], datasets[3]]);
  });

  it('copies the datasets into the history, hidden, with copy_elements', async () => {
    const res = await create(alice.key, history, {
      collection_type: 'list',
      copy_elements: true,
      element_identifiers: [{ name: 'x', src: 'hda', id: datasets[0] }],
    });
    expect(res.status).toBe(200);
    const object = (res.body.elements as Dict[])[0].object as Dict;
    expect(object.id).not.toBe(datasets[0]);
    expect(object.visible).toBe(false);
    expect(object.hid).toBe(res.body.hid - 1);
  });

  it('refuses bad descriptions with 400 and writes nothing', async () => {
    const before = (await list(alice.key, history)).body.length;
    const cases: Array<[Dict, number]> = [
      [{ element_identifiers: [] }, 400007],
      [{ collection_type: 'list' }, 400007],
      [{ collection_type: 'bag', element_identifiers: [{ name: 'a', src: 'hda', id: datasets[0] }] }, 400008],
      [{ collection_type: 'list', element_identifiers: [{ name: 'a', src: 'hda', id: datasets[0] }, { name: 'a', src: 'hda', id: datasets[1] }] }, 400008],
      [{ collection_type: 'list', element_identifiers: [{ src: 'hda', id: datasets[0] }] }, 400008],
      [{ collection_type: 'list', element_identifiers: [{ name: 'a', src: 'disk', id: datasets[0] }] }, 400008],
      [{ collection_type: 'list', element_identifiers: [{ name: 'a', src: 'hda', id: datasets[0], extra: 1 }] }, 400008],
      [{ collection_type: 'paired', element_identifiers: [{ name: 'left', src: 'hda', id: datasets[0] }, { name: 'right', src: 'hda', id: datasets[1] }] }, 400008],
      [{ collection_type: 'list:paired', element_identifiers: [{ name: 'a', src: 'hda', id: datasets[0] }] }, 400008],
    ];
    for (const [body, code] of cases) {
      const res = await create(alice.key, history, body);
      expect([res.status, res.body.err_code, body]).toEqual([400, code, body]);
    }
    const unknown = await create(alice.key, history, { collection_type: 'list', element_identifiers: [{ name: 'a', src: 'hda', id: UNKNOWN_ID }] });
    expectError(unknown, 404, 404001);
    expect((await list(alice.key, history)).body.length).toBe(before);
  });

  it("refuses another user's history (403) and anonymous callers", async () => {
    const body = { collection_type: 'list', element_identifiers: [{ name: 'a', src: 'hda', id: datasets[0] }] };
    expect((await create(bob.key, history, body)).status).toBe(403);
    const anonymous = await h.api.post(`/api/histories/${history}/contents`).send({ type: 'dataset_collection', ...body });
    expect([401, 403]).toContain(anonymous.status);
  });

  it("refuses elements from another user's private history", async () => {
    const bobHistory = await createHistory(h, bob.key);
    const res = await create(bob.key, bobHistory, { collection_type: 'list', element_identifiers: [{ name: 'a', src: 'hda', id: datasets[0] }] });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('GET /api/histories/{id}/contents lists collections beside datasets', () => {
  it('lists both by hid by default, collections in the collection view', async () => {
    const res = await list(alice.key, history);
    expect(res.status).toBe(200);
    const hids = res.body.map((item: Dict) => item.hid);
    expect(hids).toEqual([...hids].sort((a: number, b: number) => a - b));
    const collections = res.body.filter((item: Dict) => item.history_content_type === 'dataset_collection');
    expect(collections.length).toBeGreaterThanOrEqual(3);
    for (const item of collections) expect(Object.keys(item).sort()).toEqual(COLLECTION_KEYS);
    expect(res.body.filter((item: Dict) => item.history_content_type === 'dataset').length).toBeGreaterThanOrEqual(4);
  });

  it('filters by types', async () => {
    const onlyCollections = await list(alice.key, history, { types: 'dataset_collection' });
    expect(onlyCollections.body.every((item: Dict) => item.history_content_type === 'dataset_collection')).toBe(true);
    const onlyDatasets = await list(alice.key, history, { types: 'dataset' });
    expect(onlyDatasets.body.every((item: Dict) => item.history_content_type === 'dataset')).toBe(true);
    const both = await list(alice.key, history, { types: 'dataset,dataset_collection' });
    expect(both.body.length).toBe(onlyCollections.body.length + onlyDatasets.body.length);
    expectError(await list(alice.key, history, { types: 'folder' }), 400, 400008);
  });
});

describe('GET, PUT and DELETE /api/histories/{id}/contents/dataset_collections/{id}', () => {
  let collection: string;
  beforeAll(async () => {
    const res = await create(alice.key, history, { collection_type: 'list', name: 'editable', element_identifiers: [{ name: 'one', src: 'hda', id: datasets[0] }] });
    collection = res.body.id;
  });

  it('shows the element view; another user gets 403 for a private history; unknown ids 404', async () => {
    const res = await show(alice.key, history, collection);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('editable');
    expect(res.body.elements).toHaveLength(1);
    expect((await show(bob.key, history, collection)).status).toBe(403);
    expectError(await show(alice.key, history, UNKNOWN_ID), 404, 404001);
  });

  it('changes name (sanitized) and visibility; others may not', async () => {
    const res = await h.api
      .put(`/api/histories/${history}/contents/dataset_collections/${collection}`)
      .query({ key: alice.key })
      .send({ name: 'renamed<script>alert(1)</script>', visible: false });
    expect(res.status).toBe(200);
    expect(res.body.visible).toBe(false);
    expect(res.body.name).toMatch(/^renamed/);
    expect(res.body.name).not.toContain('<script');
    expect((await show(alice.key, history, collection)).body).toMatchObject({ name: res.body.name, visible: false });
    expect((await h.api.put(`/api/histories/${history}/contents/dataset_collections/${collection}`).query({ key: bob.key }).send({ name: 'no' })).status).toBe(403);
  });

  it('deletes it: listed only with deleted=true', async () => {
    const res = await h.api.delete(`/api/histories/${history}/contents/dataset_collections/${collection}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: collection, deleted: true });
    const live = await list(alice.key, history, { deleted: false, types: 'dataset_collection' });
    expect(live.body.map((item: Dict) => item.id)).not.toContain(collection);
    const deleted = await list(alice.key, history, { deleted: true, types: 'dataset_collection' });
    expect(deleted.body.map((item: Dict) => item.id)).toContain(collection);
  });
});

describe('copying a collection (source=hdca) and GET /api/dataset_collections/{id}', () => {
  it('copies a readable collection into another history, sharing the elements', async () => {
    const source = await create(alice.key, history, { collection_type: 'list', name: 'to copy', element_identifiers: [{ name: 'one', src: 'hda', id: datasets[1] }] });
    const target = await createHistory(h, alice.key);
    const res = await h.api.post(`/api/histories/${target}/contents`).query({ key: alice.key }).send({ type: 'dataset_collection', source: 'hdca', content: source.body.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'to copy', history_id: target, hid: 1, element_count: 1 });
    expect(((res.body.elements as Dict[])[0].object as Dict).id).toBe(datasets[1]);
    const byId = await h.api.get(`/api/dataset_collections/${res.body.id}`).query({ key: alice.key, instance_type: 'history' });
    expect(byId.status).toBe(200);
    expect(byId.body.id).toBe(res.body.id);
    expect(byId.body.elements).toHaveLength(1);
    expect((await h.api.get(`/api/dataset_collections/${res.body.id}`).query({ key: bob.key })).status).toBe(403);
    const library = await h.api.get(`/api/dataset_collections/${res.body.id}`).query({ key: alice.key, instance_type: 'library' });
    expect([library.status, library.body.err_code]).toEqual([400, 400008]);
  });
});

describe('collections cost a constant number of SQL statements', () => {
  async function historyWithCollections(count: number, size: number): Promise<string> {
    const target = await createHistory(h, alice.key);
    for (let index = 0; index < count; index += 1) {
      const res = await create(alice.key, target, {
        collection_type: 'list:paired',
        name: `c${index}`,
        element_identifiers: Array.from({ length: size }, (_, j) => ({
          name: `p${j}`,
          src: 'new_collection',
          collection_type: 'paired',
          element_identifiers: [
            { name: 'forward', src: 'hda', id: datasets[j % 4] },
            { name: 'reverse', src: 'hda', id: datasets[(j + 1) % 4] },
          ],
        })),
      });
      expect(res.status).toBe(200);
    }
    return target;
  }

  it('lists 1 or 6 collections (and shows nested ones of 1 or 6 elements) with the same statements', async () => {
    const small = await historyWithCollections(1, 1);
    const big = await historyWithCollections(6, 6);
    await h.warmKeys(alice.key);
    const listSmall = await list(alice.key, small);
    const listBig = await list(alice.key, big);
    expect(listBig.body).toHaveLength(6);
    expect(h.queriesOf(listBig)).toBe(h.queriesOf(listSmall));
    const showSmall = await show(alice.key, small, listSmall.body[0].id);
    const showBig = await show(alice.key, big, listBig.body[5].id);
    expect(showBig.body.elements).toHaveLength(6);
    expect(h.queriesOf(showBig)).toBe(h.queriesOf(showSmall));
    const graph = (historyId: string) =>
      h.api
        .post('/graphql')
        .set('x-api-key', alice.key)
        .send({ query: `{ historyCollections(historyId: "${historyId}") { id elements { elementIdentifier collection { elements { elementIdentifier dataset { id state } } } } } }` });
    const graphSmall = await graph(small);
    const graphBig = await graph(big);
    expect(graphBig.body.data.historyCollections).toHaveLength(6);
    expect(graphBig.body.data.historyCollections[0].elements[5].collection.elements[1].dataset.id).toBe(datasets[(5 + 1) % 4]);
    expect(h.queriesOf(graphBig)).toBe(h.queriesOf(graphSmall));
  });
});

describe('a history holding only collections', () => {
  it('is not empty (the platform counts datasets and collections)', async () => {
    const target = await createHistory(h, alice.key);
    expect((await h.api.get(`/api/histories/${target}`).query({ key: alice.key })).body.empty).toBe(true);
    const res = await h.api.post(`/api/histories/${target}/contents`).query({ key: alice.key }).send({ type: 'dataset_collection', source: 'hdca', content: (await list(alice.key, history, { types: 'dataset_collection' })).body[0].id });
    expect(res.status).toBe(200);
    expect((await h.api.get(`/api/histories/${target}`).query({ key: alice.key })).body.empty).toBe(false);
    const listed = await h.api.get('/api/histories').query({ key: alice.key, keys: 'id,empty' });
    expect(listed.body.find((item: Dict) => item.id === target).empty).toBe(false);
  });
});

describe('POST /api/histories with history_id copies the collections too', () => {
  it("gives the copy its own collections, whose elements are the copy's datasets", async () => {
    const source = await createHistory(h, alice.key);
    const a = await uploadText(h, alice.key, source, 'a\n', { fileType: 'txt', name: 'a' });
    const b = await uploadText(h, alice.key, source, 'b\n', { fileType: 'txt', name: 'b' });
    await waitForJob(h, alice.key, a.jobId);
    await waitForJob(h, alice.key, b.jobId);
    const pair = await create(alice.key, source, {
      collection_type: 'paired',
      name: 'the pair',
      element_identifiers: [
        { name: 'forward', src: 'hda', id: a.datasetId },
        { name: 'reverse', src: 'hda', id: b.datasetId },
      ],
    });
    const gone = await create(alice.key, source, { collection_type: 'list', name: 'deleted one', element_identifiers: [{ name: 'x', src: 'hda', id: a.datasetId }] });
    await h.api.delete(`/api/histories/${source}/contents/dataset_collections/${gone.body.id}`).query({ key: alice.key });
    const copy = await h.api.post('/api/histories').query({ key: alice.key }).send({ history_id: source, name: 'copied' });
    expect(copy.status).toBe(200);
    const collections = await list(alice.key, copy.body.id, { types: 'dataset_collection' });
    expect(collections.body.map((item: Dict) => item.name)).toEqual(['the pair']);
    const copied = await show(alice.key, copy.body.id, collections.body[0].id);
    expect(copied.body.id).not.toBe(pair.body.id);
    const objects = (copied.body.elements as Dict[]).map((element) => element.object as Dict);
    expect(objects.map((object) => object.history_id)).toEqual([copy.body.id, copy.body.id]);
    expect(objects.map((object) => object.name)).toEqual(['a', 'b']);
    expect(objects.map((object) => object.id)).not.toContain(a.datasetId);
  });
});
