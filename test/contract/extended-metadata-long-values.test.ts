import { randomBytes } from 'node:crypto';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { createLibrary, type TestLibrary, waitForLibraryDataset } from '../support/library-upload-helpers';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { lddaIdsWithExtendedMetadata } from '../../src/services/libraries/extended-metadata';

let h: TestPlatform;
let library: TestLibrary;

/** A few KB of random text: incompressible, so past what a b-tree index row may hold (PostgreSQL 54000 before). */
const longText = () => randomBytes(4096).toString('base64');

beforeAll(async () => {
  h = await startTestPlatform();
  library = await createLibrary(h, 'Long metadata');
});
afterAll(() => h.close());

const lddaIdOf = async (libraryDatasetId: string) => (await waitForLibraryDataset(h, libraryDatasetId)).ldda_id as string;

describe('extended metadata with long values (fuzz finding: answered 500, index row too large)', () => {
  it('POST /api/libraries/{id}/contents stores a value of several KB whole, and it is found again by path and value', async () => {
    const value = longText();
    const extended = { sample: { notes: value, name: 'liver' } };
    const res = await h.api
      .post(`/api/libraries/${library.id}/contents`)
      .send({ key: h.admin.key, create_type: 'file', folder_id: library.rootFolderId, 'files_0|url_paste': 'meta\n', file_type: 'txt', extended_metadata: extended });
    expect(res.status).toBe(200);
    const lddaId = h.platform.services.ids.decode(await lddaIdOf(res.body[0].id));
    const em = h.platform.services.db.orm.em.fork();
    const rows = await em.execute<Array<{ value: string; data: unknown }>>(
      `select i.value, e.data from extended_metadata_index i join extended_metadata e on e.id = i.extended_metadata_id where e.ldda_id = ? and i.path = '/sample/notes'`,
      [lddaId],
    );
    expect(rows).toEqual([{ value, data: extended }]);
    expect(await lddaIdsWithExtendedMetadata(em, '/sample/notes', value)).toEqual([lddaId]);
    expect(await lddaIdsWithExtendedMetadata(em, '/sample/notes', `${value}x`)).toEqual([]);
    expect(await lddaIdsWithExtendedMetadata(em, '/sample/name', 'liver')).toEqual([lddaId]);
  });

  it('POST /api/folders/{id}/contents (from_hda_id) accepts a long value and a long key path', async () => {
    const upload = await uploadText(h, h.admin.key, await createHistory(h, h.admin.key), 'copied\n', { fileType: 'txt' });
    await waitForJob(h, h.admin.key, upload.jobId);
    const key = longText();
    const value = longText();
    const res = await h.api.post(`/api/folders/${library.rootFolderId}/contents`).send({ key: h.admin.key, from_hda_id: upload.datasetId, extended_metadata: { [key]: value } });
    expect(res.status).toBe(200);
    const em = h.platform.services.db.orm.em.fork();
    const found = await lddaIdsWithExtendedMetadata(em, `/${key}`, value);
    expect(found).toHaveLength(1);
  });

  it('a search by path and value can use the hashed index (no sequential scan needed)', async () => {
    const em = h.platform.services.db.orm.em.fork();
    const plan = await em.transactional(async (tx) => {
      await tx.execute('set local enable_seqscan = off');
      return tx.execute<Array<{ 'QUERY PLAN': string }>>(
        `explain select 1 from extended_metadata_index where md5(path) = md5('/sample/name') and md5(value) = md5('liver') and path = '/sample/name' and value = 'liver'`,
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/extended_metadata_index_path_value_hash_index/);
  });
});
