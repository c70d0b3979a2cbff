import type { AddressInfo, Server } from 'node:net';
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { existsSync } from 'node:fs';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { decoded, sql } from '../support/job-helpers';
import { seedNamedDatasets } from '../support/named-datasets';
import { signalBarrier } from '../support/signal-barrier';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * What the history panel does to a selection of items, each in one request and a few set-based
 * statements: hide, unhide, delete, undelete, purge (by id or by the panel's filter), "Copy
 * Datasets" and building a list, a pair or a list of pairs; and the panel's filter on its pages.
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

type GraphAnswer = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions: { code?: string; status?: number } }> };

async function gqlWithCount(key: string | null, query: string, variables: Record<string, unknown> = {}): Promise<{ answer: GraphAnswer; queries: number }> {
  const req = h.api.post('/graphql').send({ query, variables });
  const res = await (key ? req.set('x-api-key', key) : req);
  return { answer: res.body as GraphAnswer, queries: h.queriesOf(res) };
}
const gql = async (key: string | null, query: string, variables: Record<string, unknown> = {}) => (await gqlWithCount(key, query, variables)).answer;

const CHANGE = `mutation ($historyId: ID!, $selection: HistoryItemSelectionInput!, $operation: HistorySelectionOperation!) {
  changeHistoryItems(historyId: $historyId, selection: $selection, operation: $operation) { datasets collections changed stoppedJobs }
}`;
const COPY = `mutation ($historyId: ID!, $selection: HistoryItemSelectionInput!, $targetHistoryId: ID, $newHistoryName: String) {
  copyHistoryItems(historyId: $historyId, selection: $selection, targetHistoryId: $targetHistoryId, newHistoryName: $newHistoryName) { historyId datasets collections }
}`;
const BUILD = `mutation ($historyId: ID!, $input: CollectionFromSelectionInput!) {
  buildCollectionFromSelection(historyId: $historyId, input: $input) { id hid name collectionType elementCount visible }
}`;
const PAGE = `query ($historyId: ID!, $filter: HistoryItemFilterInput) {
  historyItemsPage(historyId: $historyId, first: 1000, filter: $filter, newestFirst: true) {
    totalCount
    edges { node { __typename ... on HistoryContent { hid name visible deleted } ... on HistoryDatasetCollection { hid name } } }
  }
}`;

/** A history of alice's holding datasets of these names. */
async function historyWith(name: string, names: readonly string[], extension = 'txt'): Promise<{ historyId: string; ids: string[] }> {
  const historyId = await createHistory(h, alice.key, name);
  const ids = await seedNamedDatasets(h, decoded(h, historyId), names, extension);
  return { historyId, ids };
}

async function flags(ids: readonly string[]): Promise<Array<{ visible: boolean; deleted: boolean; purged: boolean }>> {
  const rows = await sql<{ id: number; visible: boolean; deleted: boolean; purged: boolean }>(
    h,
    'select id, visible, deleted, purged from history_dataset_association where id = any(?::int[]) order by id',
    [`{${ids.map((id) => decoded(h, id)).join(',')}}`],
  );
  return rows.map(({ visible, deleted, purged }) => ({ visible, deleted, purged }));
}

const names = (count: number, prefix = 'item') => Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`);

let server: Server;
const clients: Client[] = [];

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  await h.warmKeys(alice.key, bob.key);
  server = h.platform.http.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
}, patient(120_000));
afterAll(async () => {
  for (const client of clients) await client.dispose();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await h.close();
});

/** The first event (or error) of `historyChanged` for a history over graphql-ws, once `act` ran after the subscription started. */
async function firstHistoryChange(key: string, historyId: string, act: () => Promise<unknown>): Promise<{ data?: unknown; errors?: unknown }> {
  const client = createClient({ url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`, webSocketImpl: WebSocket, connectionParams: { key }, retryAttempts: 0, lazy: true });
  clients.push(client);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no historyChanged event')), patient(15_000));
    let acted = false;
    const stop = client.subscribe(
      { query: 'subscription ($historyId: ID!) { historyChanged(historyId: $historyId) { historyId changed } }', variables: { historyId } },
      {
        next: (result) => {
          clearTimeout(timer);
          stop();
          resolve(result);
        },
        error: (error) => {
          clearTimeout(timer);
          reject(error);
        },
        complete: () => undefined,
      },
    );
    // The subscription listens once its first message is handled; a short wait lets it start.
    client.on('connected', () => {
      if (acted) return;
      acted = true;
      setTimeout(() => void act(), 300);
    });
  });
}

describe('changeHistoryItems: hide, unhide, delete, undelete and purge a selection in one request', () => {
  it('hides and unhides datasets by id, counting only those that changed', async () => {
    const { historyId, ids } = await historyWith('by id', names(5));
    const hidden = await gql(alice.key, CHANGE, { historyId, selection: { datasetIds: ids.slice(0, 3) }, operation: 'hide' });
    expect(hidden.errors).toBeUndefined();
    expect(hidden.data?.changeHistoryItems).toEqual({ datasets: 3, collections: 0, changed: 3, stoppedJobs: 0 });
    expect((await flags(ids)).map((f) => f.visible)).toEqual([false, false, false, true, true]);
    const again = await gql(alice.key, CHANGE, { historyId, selection: { datasetIds: ids }, operation: 'hide' });
    expect(again.data?.changeHistoryItems.changed).toBe(2);
    const shown = await gql(alice.key, CHANGE, { historyId, selection: { datasetIds: ids }, operation: 'unhide' });
    expect(shown.data?.changeHistoryItems.changed).toBe(5);
    const rest = await h.api.get(`/api/histories/${historyId}/contents`).query({ key: alice.key });
    expect(rest.body.map((item: { visible: boolean }) => item.visible)).toEqual([true, true, true, true, true]);
  }, patient(60_000));

  it('hides 2,000 datasets a filter keeps in one request of a few statements, whatever their number', async () => {
    const { historyId } = await historyWith('by filter', [...names(2000, 'sample'), ...names(10, 'other')]);
    const { answer, queries } = await gqlWithCount(alice.key, CHANGE, { historyId, selection: { filter: { name: 'sample', visible: true } }, operation: 'hide' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.changeHistoryItems.datasets).toBe(2000);
    expect(queries).toBeLessThanOrEqual(12);
    const small = await historyWith('by filter, small', names(20, 'sample'));
    const { queries: fewer } = await gqlWithCount(alice.key, CHANGE, { historyId: small.historyId, selection: { filter: { name: 'sample' } }, operation: 'hide' });
    expect(fewer).toBe(queries);
    const [{ n }] = await sql<{ n: string }>(h, 'select count(*) as n from history_dataset_association where history_id = ? and not visible', [decoded(h, historyId)]);
    expect(Number(n)).toBe(2000);
  }, patient(60_000));

  it('deletes, undeletes, and purges (files gone from the owner’s disk usage); a purged dataset stays deleted', async () => {
    const { historyId, ids } = await historyWith('delete and purge', names(4));
    const deleted = await gql(alice.key, CHANGE, { historyId, selection: { datasetIds: ids.slice(0, 2) }, operation: 'delete' });
    expect(deleted.data?.changeHistoryItems.datasets).toBe(2);
    expect((await flags(ids)).map((f) => f.deleted)).toEqual([true, true, false, false]);
    const purged = await gql(alice.key, CHANGE, { historyId, selection: { datasetIds: [ids[0]] }, operation: 'purge' });
    expect(purged.data?.changeHistoryItems.datasets).toBe(1);
    const undeleted = await gql(alice.key, CHANGE, { historyId, selection: { filter: { deleted: true } }, operation: 'undelete' });
    expect(undeleted.data?.changeHistoryItems.datasets).toBe(1);
    expect(await flags(ids)).toEqual([
      { visible: true, deleted: true, purged: true },
      { visible: true, deleted: false, purged: false },
      { visible: true, deleted: false, purged: false },
      { visible: true, deleted: false, purged: false },
    ]);
    const [dataset] = await sql<{ purged: boolean }>(h, 'select d.purged from dataset d join history_dataset_association a on a.dataset_id = d.id where a.id = ?', [decoded(h, ids[0])]);
    expect(dataset.purged).toBe(true);
    // The history's size and the owner's usage leave the purged dataset out.
    const history = await h.api.get(`/api/histories/${historyId}`).query({ key: alice.key });
    expect(history.body.size).toBe(3 * 12);
    const [usage] = await sql<{ total: string }>(h, 'select total_disk_usage as total from galaxy_user where id = ?', [decoded(h, alice.id)]);
    expect(Number(usage.total) % 12).toBe(0);
    const [{ live }] = await sql<{ live: string }>(
      h,
      'select coalesce(sum(d.file_size), 0) as live from dataset d where not d.purged and d.id in (select a.dataset_id from history_dataset_association a join history hi on hi.id = a.history_id where hi.user_id = ? and not a.purged)',
      [decoded(h, alice.id)],
    );
    expect(Number(usage.total)).toBe(Number(live));
  }, patient(60_000));

  it('purges an uploaded dataset’s file from the disk once nothing else uses it, keeping a copy’s', async () => {
    const historyId = await createHistory(h, alice.key, 'files');
    const kept = await uploadText(h, alice.key, historyId, 'kept\n', { fileType: 'txt', name: 'kept' });
    const gone = await uploadText(h, alice.key, historyId, 'gone\n', { fileType: 'txt', name: 'gone' });
    await waitForJob(h, alice.key, kept.jobId);
    await waitForJob(h, alice.key, gone.jobId);
    // A copy in another history still uses the first file.
    const other = await createHistory(h, alice.key, 'files, copy');
    await gql(alice.key, COPY, { historyId, selection: { datasetIds: [kept.datasetId] }, targetHistoryId: other });
    const fileOf = async (encodedId: string) => {
      const [row] = await sql<{ dataset_id: number }>(h, 'select dataset_id from history_dataset_association where id = ?', [decoded(h, encodedId)]);
      return h.platform.services.layout.objects.pathOf({ id: Number(row.dataset_id) });
    };
    const [keptFile, goneFile] = [await fileOf(kept.datasetId), await fileOf(gone.datasetId)];
    expect([existsSync(keptFile), existsSync(goneFile)]).toEqual([true, true]);
    const answer = await gql(alice.key, CHANGE, { historyId, selection: { filter: {} }, operation: 'purge' });
    expect(answer.data?.changeHistoryItems.datasets).toBe(2);
    expect([existsSync(keptFile), existsSync(goneFile)]).toEqual([true, false]);
  }, patient(90_000));

  it('stops the job still making datasets deleted together, as deleting one does', async () => {
    const { historyId, ids } = await historyWith('running job', names(2, 'output'));
    const [job] = await sql<{ id: number }>(h, `insert into job (create_time, update_time, user_id, history_id, tool_id, state, params) values (now(), now(), ?, ?, 'cat1', 'running', '{}') returning id`, [
      decoded(h, alice.id),
      decoded(h, historyId),
    ]);
    await sql(h, `insert into job_to_output_dataset (job_id, name, hda_id) values (?, 'out1', ?), (?, 'out2', ?)`, [job.id, decoded(h, ids[0]), job.id, decoded(h, ids[1])]);
    await sql(h, `update dataset set state = 'running' where id in (select dataset_id from history_dataset_association where id = any(?::int[]))`, [`{${ids.map((id) => decoded(h, id)).join(',')}}`]);
    const answer = await gql(alice.key, CHANGE, { historyId, selection: { datasetIds: ids }, operation: 'delete' });
    expect(answer.data?.changeHistoryItems).toMatchObject({ datasets: 2, stoppedJobs: 1 });
    const [stopped] = await sql<{ state: string }>(h, 'select state from job where id = ?', [job.id]);
    expect(stopped.state).toBe('deleted');
    const states = await sql<{ state: string }>(h, 'select d.state from dataset d join history_dataset_association a on a.dataset_id = d.id where a.id = any(?::int[])', [
      `{${ids.map((id) => decoded(h, id)).join(',')}}`,
    ]);
    expect(states.map((row) => row.state)).toEqual(['discarded', 'discarded']);
  }, patient(60_000));

  it('hides and deletes collections with the datasets of a selection', async () => {
    const { historyId, ids } = await historyWith('with a collection', names(2));
    const built = await gql(alice.key, BUILD, { historyId, input: { collectionType: 'list', name: 'both', datasets: ids.map((datasetId, i) => ({ name: `e${i}`, datasetId })) } });
    const collectionId = built.data?.buildCollectionFromSelection.id as string;
    const answer = await gql(alice.key, CHANGE, { historyId, selection: { datasetIds: ids, collectionIds: [collectionId] }, operation: 'delete' });
    expect(answer.data?.changeHistoryItems).toMatchObject({ datasets: 2, collections: 1 });
    const rest = await h.api.get(`/api/histories/${historyId}/contents/dataset_collections/${collectionId}`).query({ key: alice.key });
    expect(rest.body.deleted).toBe(true);
  }, patient(60_000));

  it('tells the history’s panels once, not once per item', async () => {
    const { historyId } = await historyWith('one signal', names(300));
    const payloads: string[] = [];
    const listen = (payload: string) => payloads.push(payload);
    const signals = h.platform.services.db.signals;
    const barrier = () => signalBarrier(signals, 'history_item_changed', (channel, payload) => sql(h, 'select pg_notify(?, ?)', [channel, payload]));
    // The seeding's own signals (one per inserted row) are let through first.
    await barrier();
    signals.on('history_item_changed', listen);
    try {
      await gql(alice.key, CHANGE, { historyId, selection: { filter: {} }, operation: 'hide' });
      await barrier();
    } finally {
      signals.off('history_item_changed', listen);
    }
    const mine = payloads.filter((payload) => payload.includes(`"h" : ${decoded(h, historyId)},`) || payload.includes(`"h": ${decoded(h, historyId)},`));
    expect(mine.map((payload) => JSON.parse(payload))).toEqual([{ h: decoded(h, historyId), k: 'history', n: 300 }]);
  }, patient(60_000));

  it('tells a subscriber of historyChanged once, with the number of items changed; another user may not subscribe', async () => {
    const { historyId } = await historyWith('subscribed', names(50));
    const event = await firstHistoryChange(alice.key, historyId, () => gql(alice.key, CHANGE, { historyId, selection: { filter: {} }, operation: 'delete' }));
    expect(event).toEqual({ data: { historyChanged: { historyId, changed: 50 } } });
    const refused = await firstHistoryChange(bob.key, historyId, async () => undefined);
    expect(JSON.stringify(refused.errors)).toContain('403');
  }, patient(60_000));

  it('refuses another user (403) and an anonymous caller, and changes nothing', async () => {
    const { historyId, ids } = await historyWith('not bob’s', names(2));
    const byBob = await gql(bob.key, CHANGE, { historyId, selection: { datasetIds: ids }, operation: 'hide' });
    expect(byBob.errors?.[0].extensions.status).toBe(403);
    const anonymous = await gql(null, CHANGE, { historyId, selection: { filter: {} }, operation: 'purge' });
    expect(anonymous.errors?.[0].extensions.code).toBe('AuthenticationRequired');
    expect((await flags(ids)).every((f) => f.visible && !f.deleted)).toBe(true);
  }, patient(60_000));

  it('refuses items of another history, both ids and a filter, nothing selected, and a bad filter, with clear errors', async () => {
    const first = await historyWith('first', names(1));
    const second = await historyWith('second', names(1));
    const elsewhere = await gql(alice.key, CHANGE, { historyId: first.historyId, selection: { datasetIds: [...first.ids, ...second.ids] }, operation: 'hide' });
    expect(elsewhere.errors?.[0]).toMatchObject({ message: '1 of the selected items are not in this history.', extensions: { status: 404 } });
    const both = await gql(alice.key, CHANGE, { historyId: first.historyId, selection: { datasetIds: first.ids, filter: {} }, operation: 'hide' });
    expect(both.errors?.[0].extensions.status).toBe(400);
    const none = await gql(alice.key, CHANGE, { historyId: first.historyId, selection: {}, operation: 'hide' });
    expect(none.errors?.[0].extensions.status).toBe(400);
    const state = await gql(alice.key, CHANGE, { historyId: first.historyId, selection: { filter: { state: 'sleeping' } }, operation: 'hide' });
    expect(state.errors?.[0]).toMatchObject({ message: 'Unknown dataset state: sleeping', extensions: { status: 400 } });
    expect((await flags([...first.ids, ...second.ids])).every((f) => f.visible)).toBe(true);
  }, patient(60_000));
});

describe('historyItemsPage: the panel’s filter (name, extension, state, tag, hid range)', () => {
  it('keeps what each condition names, and the operations act on the same items', async () => {
    const historyId = await createHistory(h, alice.key, 'filters');
    await seedNamedDatasets(h, decoded(h, historyId), ['reads_1.fastq', 'reads_2.fastq', 'genes.bed'], 'fastqsanger');
    const [bed] = await sql<{ id: number }>(h, `update history_dataset_association set extension = 'bed' where history_id = ? and name = 'genes.bed' returning id`, [decoded(h, historyId)]);
    await h.api.put(`/api/histories/${historyId}/contents/${h.platform.services.ids.encode(bed.id)}`).query({ key: alice.key }).send({ tags: ['name:genes', 'group:a'] });
    const hids = async (filter: Record<string, unknown>) => {
      const answer = await gql(alice.key, PAGE, { historyId, filter });
      expect(answer.errors).toBeUndefined();
      return (answer.data?.historyItemsPage.edges as Array<{ node: { hid: number } }>).map((edge) => edge.node.hid);
    };
    expect(await hids({ name: 'READS' })).toEqual([2, 1]);
    expect(await hids({ extension: 'bed' })).toEqual([3]);
    expect(await hids({ tag: '#genes' })).toEqual([3]);
    expect(await hids({ tag: 'group:a' })).toEqual([3]);
    expect(await hids({ hidMin: 2, hidMax: 2 })).toEqual([2]);
    expect(await hids({ state: 'ok', name: 'reads' })).toEqual([2, 1]);
    expect(await hids({ state: 'error' })).toEqual([]);
    const count = await gql(alice.key, PAGE, { historyId, filter: { name: 'reads' } });
    expect(count.data?.historyItemsPage.totalCount).toBe(2);
    await gql(alice.key, CHANGE, { historyId, selection: { filter: { extension: 'fastqsanger' } }, operation: 'hide' });
    expect(await hids({ visible: true })).toEqual([3]);
    const tooLong = await gql(alice.key, PAGE, { historyId, filter: { name: 'x'.repeat(300) } });
    expect(tooLong.errors?.[0].extensions.status).toBe(400);
  }, patient(60_000));
});

describe('copyHistoryItems: "Copy Datasets" of a selection', () => {
  it('copies datasets and a collection to a new history, new hids in the order of the selection', async () => {
    const { historyId, ids } = await historyWith('copy source', ['a', 'b', 'c']);
    const built = await gql(alice.key, BUILD, { historyId, input: { collectionType: 'list', name: 'ab', datasets: [{ name: 'a', datasetId: ids[0] }, { name: 'b', datasetId: ids[1] }] } });
    const collectionId = built.data?.buildCollectionFromSelection.id as string;
    const answer = await gql(alice.key, COPY, { historyId, selection: { datasetIds: [ids[2], ids[0]], collectionIds: [collectionId] }, newHistoryName: 'Copies' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.copyHistoryItems).toMatchObject({ datasets: 2, collections: 1 });
    const target = answer.data?.copyHistoryItems.historyId as string;
    const contents = await h.api.get(`/api/histories/${target}/contents`).query({ key: alice.key });
    expect(contents.body.map((item: { hid: number; name: string }) => [item.hid, item.name])).toEqual([
      [1, 'a'],
      [2, 'c'],
      [3, 'ab'],
    ]);
    const history = await h.api.get(`/api/histories/${target}`).query({ key: alice.key });
    expect(history.body.name).toBe('Copies');
  }, patient(60_000));

  it('copies what a filter keeps into an existing history of the caller, after its items', async () => {
    const { historyId } = await historyWith('copy by filter', names(30, 'x'));
    const target = await createHistory(h, alice.key, 'existing');
    await seedNamedDatasets(h, decoded(h, target), ['already there']);
    const answer = await gql(alice.key, COPY, { historyId, selection: { filter: { hidMin: 11, hidMax: 20 } }, targetHistoryId: target });
    expect(answer.data?.copyHistoryItems).toEqual({ historyId: target, datasets: 10, collections: 0 });
    const contents = await h.api.get(`/api/histories/${target}/contents`).query({ key: alice.key });
    expect(contents.body.map((item: { hid: number; name: string }) => `${item.hid} ${item.name}`)).toEqual(['1 already there', ...names(10, 'x').map((_, i) => `${i + 2} x ${i + 11}`)]);
  }, patient(60_000));

  it('lets another user copy from a published history into a new history of theirs', async () => {
    const { historyId } = await historyWith('published', ['shared one', 'shared two']);
    const published = await h.api.put(`/api/histories/${historyId}`).query({ key: alice.key }).send({ published: true });
    expect(published.status).toBe(200);
    const answer = await gql(bob.key, COPY, { historyId, selection: { filter: { name: 'shared' } }, newHistoryName: 'from alice' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.copyHistoryItems).toMatchObject({ datasets: 2, collections: 0 });
    const mine = await h.api.get(`/api/histories/${answer.data?.copyHistoryItems.historyId}`).query({ key: bob.key });
    expect(mine.body).toMatchObject({ name: 'from alice', user_id: bob.id });
    // Reading is not changing: bob may not hide alice's items.
    const hide = await gql(bob.key, CHANGE, { historyId, selection: { filter: {} }, operation: 'hide' });
    expect(hide.errors?.[0].extensions.status).toBe(403);
  }, patient(60_000));

  it('refuses copying into a history the caller may not add to, and from one they may not read; no target or two is a 400', async () => {
    const { historyId, ids } = await historyWith('alice’s', ['a']);
    const bobs = await createHistory(h, bob.key, 'bob’s');
    const intoBobs = await gql(alice.key, COPY, { historyId, selection: { datasetIds: ids }, targetHistoryId: bobs });
    expect(intoBobs.errors?.[0].extensions.status).toBe(403);
    const fromAlices = await gql(bob.key, COPY, { historyId, selection: { datasetIds: ids }, targetHistoryId: bobs });
    expect(fromAlices.errors?.[0].extensions.status).toBe(403);
    const neither = await gql(alice.key, COPY, { historyId, selection: { datasetIds: ids } });
    expect(neither.errors?.[0].extensions.status).toBe(400);
    const [{ n }] = await sql<{ n: string }>(h, 'select count(*) as n from history_dataset_association where history_id = ?', [decoded(h, bobs)]);
    expect(Number(n)).toBe(0);
  }, patient(60_000));
});

describe('buildCollectionFromSelection: a list, a pair and a list of pairs', () => {
  it('builds a list with the element names given, and hides the original elements when asked', async () => {
    const { historyId, ids } = await historyWith('list', ['one.txt', 'two.txt']);
    const answer = await gql(alice.key, BUILD, {
      historyId,
      input: { collectionType: 'list', name: 'My list', hideSourceItems: true, datasets: [{ name: 'first', datasetId: ids[0] }, { name: 'second', datasetId: ids[1] }] },
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.buildCollectionFromSelection).toMatchObject({ hid: 3, name: 'My list', collectionType: 'list', elementCount: 2 });
    const rest = await h.api.get(`/api/histories/${historyId}/contents/dataset_collections/${answer.data?.buildCollectionFromSelection.id}`).query({ key: alice.key });
    expect(rest.body.elements.map((e: { element_identifier: string; object: { id: string } }) => [e.element_identifier, e.object.id])).toEqual([
      ['first', ids[0]],
      ['second', ids[1]],
    ]);
    expect((await flags(ids)).map((f) => f.visible)).toEqual([false, false]);
  }, patient(60_000));

  it('builds a pair: forward, then reverse', async () => {
    const { historyId, ids } = await historyWith('pair', ['x_1.fastq', 'x_2.fastq']);
    const answer = await gql(alice.key, BUILD, { historyId, input: { collectionType: 'paired', name: 'x', datasets: [{ name: 'forward', datasetId: ids[0] }, { name: 'reverse', datasetId: ids[1] }] } });
    expect(answer.data?.buildCollectionFromSelection).toMatchObject({ collectionType: 'paired', elementCount: 2 });
    const rest = await h.api.get(`/api/histories/${historyId}/contents/dataset_collections/${answer.data?.buildCollectionFromSelection.id}`).query({ key: alice.key });
    expect(rest.body.elements.map((e: { element_identifier: string }) => e.element_identifier)).toEqual(['forward', 'reverse']);
    expect((await flags(ids)).map((f) => f.visible)).toEqual([true, true]);
  }, patient(60_000));

  it('builds a list of 500 pairs in one request of a handful of statements', async () => {
    const pairNames = Array.from({ length: 500 }, (_, i) => [`s${i}_R1.fastq`, `s${i}_R2.fastq`]).flat();
    const { historyId, ids } = await historyWith('500 pairs', pairNames, 'fastqsanger');
    const pairs = Array.from({ length: 500 }, (_, i) => ({ name: `s${i}`, forwardId: ids[2 * i], reverseId: ids[2 * i + 1] }));
    const started = Date.now();
    const { answer, queries } = await gqlWithCount(alice.key, BUILD, { historyId, input: { collectionType: 'list:paired', name: 'pairs', pairs, hideSourceItems: true } });
    process.stdout.write(`list of 500 pairs built in ${Date.now() - started} ms, ${queries} SQL statements\n`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.buildCollectionFromSelection).toMatchObject({ collectionType: 'list:paired', elementCount: 500, hid: 1001 });
    expect(queries).toBeLessThanOrEqual(30);
    const rest = await h.api.get(`/api/histories/${historyId}/contents/dataset_collections/${answer.data?.buildCollectionFromSelection.id}`).query({ key: alice.key });
    expect(rest.body.elements[499]).toMatchObject({ element_identifier: 's499', object: { collection_type: 'paired' } });
    expect(rest.body.elements[0].object.elements.map((e: { element_identifier: string; object: { id: string } }) => [e.element_identifier, e.object.id])).toEqual([
      ['forward', ids[0]],
      ['reverse', ids[1]],
    ]);
    const [{ n }] = await sql<{ n: string }>(h, 'select count(*) as n from history_dataset_association where history_id = ? and visible', [decoded(h, historyId)]);
    expect(Number(n)).toBe(0);
  }, patient(90_000));

  it('refuses a description of the wrong shape, and another user', async () => {
    const { historyId, ids } = await historyWith('shapes', ['a', 'b', 'c']);
    const three = await gql(alice.key, BUILD, { historyId, input: { collectionType: 'paired', name: 'p', datasets: ids.map((datasetId) => ({ name: 'x', datasetId })) } });
    expect(three.errors?.[0]).toMatchObject({ message: 'A dataset pair is two datasets: forward, then reverse.', extensions: { status: 400 } });
    const duplicate = await gql(alice.key, BUILD, { historyId, input: { collectionType: 'list', name: 'l', datasets: [{ name: 'same', datasetId: ids[0] }, { name: 'same', datasetId: ids[1] }] } });
    expect(duplicate.errors?.[0].extensions.status).toBe(400);
    const nested = await gql(alice.key, BUILD, { historyId, input: { collectionType: 'list:list', name: 'l', datasets: [{ name: 'a', datasetId: ids[0] }] } });
    expect(nested.errors?.[0].extensions.status).toBe(400);
    const byBob = await gql(bob.key, BUILD, { historyId, input: { collectionType: 'list', name: 'l', datasets: [{ name: 'a', datasetId: ids[0] }] } });
    expect(byBob.errors?.[0].extensions.status).toBe(403);
    const [{ n }] = await sql<{ n: string }>(h, 'select count(*) as n from history_dataset_collection_association where history_id = ?', [decoded(h, historyId)]);
    expect(Number(n)).toBe(0);
  }, patient(60_000));
});
