import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { decoded, sql } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * Collections from many datasets, written in sets: the datasets are read and checked at once and,
 * with copy_elements, copied at once; the cost in statements does not grow with the elements.
 */

type Dict = Record<string, unknown>;

let h: TestPlatform;
let alice: TestUser;
let historyId: string;
let datasetIds: string[];

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  historyId = await createHistory(h, alice.key, 'many datasets');
  const upload = await uploadText(h, alice.key, historyId, 'one line\n', { fileType: 'txt', name: 'seed' });
  await waitForJob(h, alice.key, upload.jobId);
  // 40 more datasets sharing the uploaded file (SQL: the uploads are not what is measured here).
  const id = decoded(h, historyId);
  await sql(
    h,
    `insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, info, blurb, peek, extension, dbkey, metadata, visible, deleted, purged)
     select now(), now(), s.history_id, s.dataset_id, s.hid + g, 'item ' || g, s.info, s.blurb, s.peek, s.extension, s.dbkey, s.metadata, true, false, false
     from history_dataset_association s cross join generate_series(1, 40) g where s.id = ? order by g`,
    [decoded(h, upload.datasetId)],
  );
  await sql(h, 'update history set hid_counter = hid_counter + 40 where id = ?', [id]);
  const rows = await sql<{ id: number }>(h, 'select id from history_dataset_association where history_id = ? order by hid', [id]);
  datasetIds = rows.map((row) => h.platform.services.ids.encode(Number(row.id)));
});
afterAll(() => h.close());

const create = (body: Dict) => h.api.post(`/api/histories/${historyId}/contents`).set('x-api-key', alice.key).send({ type: 'dataset_collection', ...body });
const elementsOf = (ids: string[]) => ids.map((id, index) => ({ name: `e${index}`, src: 'hda', id }));

describe('POST /api/histories/{id}/contents: a collection of many datasets', () => {
  it('costs the same number of SQL statements for 3 and for 40 elements, with and without copy_elements', async () => {
    await h.warmKeys(alice.key);
    for (const copy of [false, true]) {
      const counts: number[] = [];
      for (const size of [3, 40]) {
        const res = await create({ collection_type: 'list', copy_elements: copy, element_identifiers: elementsOf(datasetIds.slice(0, size)) });
        expect(res.status).toBe(200);
        expect(res.body.element_count).toBe(size);
        counts.push(h.queriesOf(res));
      }
      expect(counts[1]).toBe(counts[0]);
    }
  });

  it('copies the datasets hidden, with consecutive hids in element order, the collection taking the next one', async () => {
    const sources = [datasetIds[5], datasetIds[2], datasetIds[9]];
    const res = await create({ collection_type: 'list', copy_elements: true, element_identifiers: elementsOf(sources) });
    expect(res.status).toBe(200);
    const copies = (res.body.elements as Dict[]).map((element) => element.object as Dict);
    const hid = res.body.hid as number;
    expect(copies.map((copy) => copy.hid)).toEqual([hid - 3, hid - 2, hid - 1]);
    expect(copies.every((copy) => copy.visible === false)).toBe(true);
    const rows = await sql<{ id: number; copied_from_hda_id: number; name: string }>(
      h,
      `select id, copied_from_hda_id, name from history_dataset_association where id in (${copies.map(() => '?').join(',')}) order by hid`,
      copies.map((copy) => decoded(h, copy.id as string)),
    );
    expect(rows.map((row) => Number(row.copied_from_hda_id))).toEqual(sources.map((id) => decoded(h, id)));
    expect(rows.map((row) => row.name)).toEqual(['item 5', 'item 2', 'item 9']);
  });

  it('refuses an unknown dataset among many (a client error) and writes nothing', async () => {
    const before = await sql<{ n: string }>(h, 'select count(*) as n from history_dataset_association where history_id = ?', [decoded(h, historyId)]);
    const res = await create({ collection_type: 'list', copy_elements: true, element_identifiers: [...elementsOf(datasetIds.slice(0, 5)), { name: 'bad', src: 'hda', id: h.platform.services.ids.encode(99_999_999) }] });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const after = await sql<{ n: string }>(h, 'select count(*) as n from history_dataset_association where history_id = ?', [decoded(h, historyId)]);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('POST /api/histories with history_id: a copy written in sets', () => {
  it('copies every dataset not deleted in hid order and each collection onto the copies, in statements that do not grow with them', async () => {
    const list = await create({ collection_type: 'list', element_identifiers: elementsOf(datasetIds.slice(0, 4)) });
    expect(list.status).toBe(200);
    await sql(h, 'update history_dataset_association set deleted = true where id = ?', [decoded(h, datasetIds[6])]);
    await h.warmKeys(alice.key);
    const res = await h.api.post('/api/histories').set('x-api-key', alice.key).send({ history_id: historyId });
    expect(res.status).toBe(200);
    const copyId = decoded(h, res.body.id as string);
    const rows = (id: number) =>
      sql<Dict>(
        h,
        `select hid, name, extension, dbkey, visible, deleted, dataset_id, metadata, tool_version from history_dataset_association
         where history_id = ? and not deleted order by hid`,
        [id],
      );
    const source = await rows(decoded(h, historyId));
    const copied = await rows(copyId);
    expect(copied.map(({ hid: _hid, ...row }) => row)).toEqual(source.map(({ hid: _hid, ...row }) => row));
    expect(copied.map((row) => Number(row.hid))).toEqual(copied.map((_, index) => index + 1));
    const links = await sql<{ copied: number; source: number }>(h, 'select copied_from_hda_id as source, id as copied from history_dataset_association where history_id = ? order by hid', [copyId]);
    expect(links.every((link) => link.source !== null)).toBe(true);
    // The copied list points at the copies of its datasets, in order.
    const elements = await sql<{ hda_id: number; element_identifier: string }>(
      h,
      `select e.hda_id, e.element_identifier from history_dataset_collection_association c join dataset_collection_element e on e.collection_id = c.collection_id
       where c.history_id = ? and c.copied_from_id = ? order by e.element_index`,
      [copyId, decoded(h, list.body.id as string)],
    );
    const copyOf = new Map(links.map((link) => [Number(link.source), Number(link.copied)]));
    expect(elements.map((element) => Number(element.hda_id))).toEqual(datasetIds.slice(0, 4).map((id) => copyOf.get(decoded(h, id))));
    expect(elements.map((element) => element.element_identifier)).toEqual(['e0', 'e1', 'e2', 'e3']);
    // A copy of a copy, which holds as many datasets: the same statements.
    const again = await h.api.post('/api/histories').set('x-api-key', alice.key).send({ history_id: res.body.id });
    expect(again.status).toBe(200);
    expect(h.queriesOf(again)).toBeLessThanOrEqual(h.queriesOf(res));
  });
});
