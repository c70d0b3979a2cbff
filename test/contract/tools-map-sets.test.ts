import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { decoded, sql } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * Work created in sets: a tool mapped over a collection writes its jobs and datasets with multi-row
 * statements, and they are the rows running the tool once per dataset writes (the contract's
 * answers are checked in tools-collections.test.ts and tools-run.test.ts).
 */

type Dict = Record<string, unknown>;

let h: TestPlatform;
let alice: TestUser;
let sourceHistory: string;
let sourceDatasetId: string;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  sourceHistory = await createHistory(h, alice.key, 'source');
  const upload = await uploadText(h, alice.key, sourceHistory, 'one line\n', { fileType: 'txt', name: 'seed' });
  await waitForJob(h, alice.key, upload.jobId);
  sourceDatasetId = upload.datasetId;
});
afterAll(() => h.close());

/** A history with `size` datasets (copies of one uploaded file, by SQL) and a list of them. */
async function historyWithList(size: number): Promise<{ historyId: string; listId: string; datasetIds: string[] }> {
  const historyId = await createHistory(h, alice.key, `list of ${size}`);
  const hdaId = decoded(h, sourceDatasetId);
  await sql(
    h,
    `insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, info, blurb, peek, extension, dbkey, metadata, visible, deleted, purged)
     select now(), now(), ?, s.dataset_id, g, 'item ' || g, s.info, s.blurb, s.peek, s.extension, s.dbkey, s.metadata, true, false, false
     from history_dataset_association s cross join generate_series(1, ?) g where s.id = ? order by g`,
    [decoded(h, historyId), size, hdaId],
  );
  await sql(h, 'update history set hid_counter = ? where id = ?', [size + 1, decoded(h, historyId)]);
  const rows = await sql<{ id: number }>(h, 'select id from history_dataset_association where history_id = ? order by hid', [decoded(h, historyId)]);
  const datasetIds = rows.map((row) => h.platform.services.ids.encode(Number(row.id)));
  const list = await h.api
    .post(`/api/histories/${historyId}/contents`)
    .query({ key: alice.key })
    .send({ type: 'dataset_collection', collection_type: 'list', element_identifiers: datasetIds.map((id, index) => ({ name: `e${index}`, src: 'hda', id })) });
  if (list.status !== 200) throw new Error(`list: ${list.status} ${JSON.stringify(list.body)}`);
  return { historyId, listId: list.body.id as string, datasetIds };
}

/** A history's jobs and their datasets, with ids replaced by their rank (comparable across histories). */
async function rowsOf(historyId: string): Promise<Dict[]> {
  const id = decoded(h, historyId);
  const jobs = await sql<Dict>(
    h,
    `select j.id, j.tool_id, j.tool_version, j.state, j.info, j.user_id is not null as has_user,
       (select json_agg(json_build_array(i.name, hi.hid) order by i.id) from job_to_input_dataset i join history_dataset_association hi on hi.id = i.hda_id where i.job_id = j.id) as inputs,
       (select json_agg(json_build_array(o.name, ho.hid - (select min(hid) from history_dataset_association x join job_to_output_dataset y on y.hda_id = x.id where y.job_id = j.id), ho.name, ho.extension, ho.dbkey, ho.tool_version, ho.deleted, d.state, d.file_size is null,
          (select count(*) from item_permission p where p.item_type = 'dataset' and p.item_id = d.id)::int) order by o.id)
        from job_to_output_dataset o join history_dataset_association ho on ho.id = o.hda_id join dataset d on d.id = ho.dataset_id where o.job_id = j.id) as outputs
     from job j where j.history_id = ? order by j.id`,
    [id],
  );
  return jobs.map(({ id: _id, ...job }) => job);
}

describe('POST /api/tools mapped over a list: rows written in sets', () => {
  it('writes the jobs, outputs and links that running the tool once per dataset writes, hids in job order', async () => {
    // The owner's default dataset permissions (their private role) go to every output, as to a single run's.
    await sql(
      h,
      `insert into item_permission (item_type, item_id, action, role_id)
       select 'user_default', u.user_id, a.action, r.id from role r join user_role_association u on u.role_id = r.id
       cross join (values ('access'), ('manage permissions')) a(action) where r.type = 'private' and u.user_id = ?`,
      [decoded(h, alice.id)],
    );
    const mapped = await historyWithList(5);
    const single = await historyWithList(5);
    const before = await sql<{ hid_counter: number }>(h, 'select hid_counter from history where id = ?', [decoded(h, mapped.historyId)]);
    const res = await h.api.post('/api/tools').query({ key: alice.key }).send({ tool_id: 'cat1', history_id: mapped.historyId, inputs: { input1: { batch: true, values: [{ src: 'hdca', id: mapped.listId }] } } });
    expect(res.status).toBe(200);
    for (const datasetId of single.datasetIds) {
      const one = await h.api.post('/api/tools').query({ key: alice.key }).send({ tool_id: 'cat1', history_id: single.historyId, inputs: { input1: { src: 'hda', id: datasetId } } });
      expect(one.status).toBe(200);
    }
    for (const job of res.body.jobs as Dict[]) await waitForJob(h, alice.key, job.id as string);
    for (const job of (await sql<{ id: number }>(h, 'select id from job where history_id = ?', [decoded(h, single.historyId)]))) {
      await waitForJob(h, alice.key, h.platform.services.ids.encode(Number(job.id)));
    }
    const mappedRows = await rowsOf(mapped.historyId);
    const singleRows = await rowsOf(single.historyId);
    expect(mappedRows).toHaveLength(5);
    expect(mappedRows).toEqual(singleRows);
    expect(mappedRows.every((row) => row.state === 'ok')).toBe(true);
    // Output hids follow the jobs: the first output takes the history's next hid, the implicit collection the one after the last.
    const hids = await sql<{ hid: number }>(
      h,
      'select ho.hid from job j join job_to_output_dataset o on o.job_id = j.id join history_dataset_association ho on ho.id = o.hda_id where j.history_id = ? order by j.id',
      [decoded(h, mapped.historyId)],
    );
    expect(hids.map((row) => Number(row.hid))).toEqual([0, 1, 2, 3, 4].map((i) => Number(before[0].hid_counter) + i));
    expect(res.body.implicit_collections[0].hid).toBe(Number(before[0].hid_counter) + 5);
  });

  it('costs the same number of SQL statements for a list of 3 and of 40', async () => {
    const counts: number[] = [];
    for (const size of [3, 40]) {
      const { historyId, listId } = await historyWithList(size);
      await h.warmKeys(alice.key);
      const res = await h.api.post('/api/tools').set('x-api-key', alice.key).send({ tool_id: 'cat1', history_id: historyId, inputs: { input1: { batch: true, values: [{ src: 'hdca', id: listId }] } } });
      expect(res.status).toBe(200);
      expect(res.body.jobs).toHaveLength(size);
      counts.push(h.queriesOf(res));
      // Only the request is measured: its jobs are let go before they run (the next test's jobs
      // would otherwise wait behind 43 of them).
      await sql(h, "update job set state = 'deleted' where history_id = ? and state = 'queued' and handler is null", [decoded(h, historyId)]);
    }
    expect(counts[1]).toBe(counts[0]);
  });

  it("adds each finished job's new files to its owner's disk usage: the same figure as counting all their data", async () => {
    const { historyId, listId } = await historyWithList(4);
    const res = await h.api.post('/api/tools').query({ key: alice.key }).send({ tool_id: 'cat1', history_id: historyId, inputs: { input1: { batch: true, values: [{ src: 'hdca', id: listId }] } } });
    for (const job of res.body.jobs as Dict[]) await waitForJob(h, alice.key, job.id as string);
    const [kept] = await sql<{ usage: string }>(h, 'select total_disk_usage as usage from galaxy_user where id = ?', [decoded(h, alice.id)]);
    const [counted] = await sql<{ usage: string }>(
      h,
      `select coalesce(sum(d.file_size), 0) as usage from dataset d where not d.purged and d.id in (
         select hda.dataset_id from history_dataset_association hda join history x on x.id = hda.history_id where x.user_id = ? and not hda.purged)`,
      [decoded(h, alice.id)],
    );
    expect(Number(kept.usage)).toBe(Number(counted.usage));
    expect(Number(kept.usage)).toBeGreaterThan(0);
  });
});
