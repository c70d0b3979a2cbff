import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLibrary, createLibraryFolder, type TestLibrary, waitForLibraryDataset } from '../support/library-upload-helpers';
import { decoded, sql } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

/**
 * A library upload of many server paths, written in sets: the library datasets, their versions and
 * their grants in a few multi-row statements, the same rows uploading each path alone writes.
 */

type Dict = Record<string, unknown>;

const scratch = mkdtempSync(join(tmpdir(), 'library-sets-'));
let h: TestPlatform;
let library: TestLibrary;
let folder: string;

const paths = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => {
    const path = join(scratch, `${prefix}-${String(index).padStart(3, '0')}.txt`);
    writeFileSync(path, `line ${index}\n`);
    return path;
  });
const upload = (filesystemPaths: string[]) =>
  h.api.post(`/api/libraries/${library.id}/contents`).set('x-api-key', h.admin.key).send({ create_type: 'file', folder_id: folder, upload_option: 'upload_paths', filesystem_paths: filesystemPaths.join('\n') });

/** Each library dataset's rows, ids left out: names, version link, grants of the dataset and of the library dataset. */
async function rowsOf(ids: string[]): Promise<Dict[]> {
  return sql<Dict>(
    h,
    `select ld.name, ldda.name as version_name, ldda.extension, ldda.dbkey, ld.ldda_id = ldda.id as current, d.state, d.external_filename,
       (select json_agg(json_build_array(p.action, p.role_id) order by p.id) from item_permission p where p.item_type = 'library_dataset' and p.item_id = ld.id) as ld_grants,
       (select json_agg(json_build_array(p.action, p.role_id) order by p.id) from item_permission p where p.item_type = 'dataset' and p.item_id = d.id) as dataset_grants
     from library_dataset ld join library_dataset_dataset_association ldda on ldda.library_dataset_id = ld.id join dataset d on d.id = ldda.dataset_id
     where ld.id in (${ids.map(() => '?').join(',')}) order by ld.id`,
    ids.map((id) => decoded(h, id)),
  );
}

beforeAll(async () => {
  mkdirSync(scratch, { recursive: true });
  h = await startTestPlatform({ ALLOW_LIBRARY_PATH_PASTE: 'true' });
  library = await createLibrary(h, 'Many');
  folder = await createLibraryFolder(h, library, library.rootFolderId, 'many');
  const grant = await h.api.post(`/api/folders/${folder}/permissions`).send({ key: h.admin.key, action: 'set_permissions', 'modify_ids[]': [h.admin.email] });
  expect(grant.status).toBe(200);
});
afterAll(async () => {
  await h.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('POST /api/libraries/{id}/contents upload_paths of many files', () => {
  it('writes for each path the rows uploading it alone writes', async () => {
    const many = await upload(paths(3, 'many'));
    expect(many.status).toBe(200);
    const alone: string[] = [];
    for (const path of paths(3, 'alone')) {
      const res = await upload([path]);
      expect(res.status).toBe(200);
      alone.push(res.body[0].id as string);
    }
    const manyIds = (many.body as Dict[]).map((item) => item.id as string);
    for (const id of [...manyIds, ...alone]) await waitForLibraryDataset(h, id);
    const strip = (rows: Dict[]) => rows.map((row) => ({ ...row, name: String(row.name).replace(/^(many|alone)-/, ''), version_name: String(row.version_name).replace(/^(many|alone)-/, '') }));
    const manyRows = await rowsOf(manyIds);
    expect(manyRows).toHaveLength(3);
    expect(manyRows[0].ld_grants).toHaveLength(1);
    expect(manyRows[0].dataset_grants).toHaveLength(1);
    expect(strip(manyRows)).toEqual(strip(await rowsOf(alone)));
  });

  it('costs the same number of SQL statements for 3 and for 30 paths', async () => {
    await h.warmKeys(h.admin.key);
    const counts: number[] = [];
    for (const [size, prefix] of [[3, 'small'], [30, 'large']] as const) {
      const res = await upload(paths(size, prefix));
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(size);
      counts.push(h.queriesOf(res));
    }
    expect(counts[1]).toBe(counts[0]);
  });
});
