import { Dataset } from '../../src/entities/dataset.entity';
import { PERMISSION_ACTIONS } from '../../src/entities/item-permission.entity';
import { LibraryDataset, LibraryDatasetDatasetAssociation } from '../../src/entities/library-dataset.entity';
import { createHistory, uploadText, waitForJob } from './data-helpers';
import type { TestPlatform, TestUser } from './test-platform';

/**
 * Library fixtures built through the API, as an administrator would: libraries, roles, groups,
 * folders, datasets copied from a history, and the permission forms of the contract.
 */

export interface LibraryRef {
  id: string;
  name: string;
  root_folder_id: string;
}

export interface Named {
  id: string;
  name: string;
}

export const UNKNOWN_ID = 'f7bb1edd6b95db62'; // id 42 under the default secret
export const UNKNOWN_FOLDER_ID = `F${UNKNOWN_ID}`;

function ok<T>(res: { status: number; body: unknown }, what: string): T {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

export async function createLibrary(h: TestPlatform, name: string, fields: { description?: string; synopsis?: string } = {}): Promise<LibraryRef> {
  return ok<LibraryRef>(await h.api.post('/api/libraries').send({ key: h.admin.key, name, ...fields }), `library ${name}`);
}

/** An admin-type role held by the given users directly and by the members of the given groups. */
export async function createRole(h: TestPlatform, name: string, members: { users?: TestUser[]; groupIds?: string[] } = {}): Promise<Named> {
  const res = await h.api
    .post('/api/roles')
    .send({ key: h.admin.key, name, description: `role ${name}`, user_ids: (members.users ?? []).map((user) => user.id), group_ids: members.groupIds ?? [] });
  return ok<Named[]>(res, `role ${name}`)[0];
}

export async function createGroup(h: TestPlatform, name: string, members: { users?: TestUser[]; roleIds?: string[] } = {}): Promise<Named> {
  const res = await h.api
    .post('/api/groups')
    .send({ key: h.admin.key, name, user_ids: (members.users ?? []).map((user) => user.id), role_ids: members.roleIds ?? [] });
  return ok<Named[]>(res, `group ${name}`)[0];
}

/** `POST /api/libraries/{id}/permissions` action=set_permissions (role ids or names), as an administrator. */
export async function setLibraryRoles(
  h: TestPlatform,
  libraryId: string,
  roles: { access?: string[]; add?: string[]; manage?: string[]; modify?: string[] },
): Promise<Record<string, unknown>> {
  const res = await h.api.post(`/api/libraries/${libraryId}/permissions`).send({
    key: h.admin.key,
    action: 'set_permissions',
    'access_ids[]': roles.access ?? [],
    'add_ids[]': roles.add ?? [],
    'manage_ids[]': roles.manage ?? [],
    'modify_ids[]': roles.modify ?? [],
  });
  return ok(res, 'library permissions');
}

/** `POST /api/folders/{id}/permissions` (role names), as an administrator unless a key is given. */
export async function setFolderRoles(h: TestPlatform, folderId: string, roles: { add?: string[]; manage?: string[]; modify?: string[] }, key = h.admin.key): Promise<Record<string, unknown>> {
  const res = await h.api
    .post(`/api/folders/${folderId}/permissions`)
    .send({ key, action: 'set_permissions', 'add_ids[]': roles.add ?? [], 'manage_ids[]': roles.manage ?? [], 'modify_ids[]': roles.modify ?? [] });
  return ok(res, 'folder permissions');
}

/** `POST /api/libraries/datasets/{id}/permissions` action=set_permissions (role names), as an administrator. */
export async function setDatasetRoles(h: TestPlatform, datasetId: string, roles: { access: string[]; manage?: string[]; modify?: string[] }): Promise<Record<string, unknown>> {
  const res = await h.api
    .post(`/api/libraries/datasets/${datasetId}/permissions`)
    .send({ key: h.admin.key, action: 'set_permissions', 'access_ids[]': roles.access, 'manage_ids[]': roles.manage ?? [], 'modify_ids[]': roles.modify ?? [] });
  return ok(res, 'dataset permissions');
}

export async function createFolder(h: TestPlatform, parentId: string, name: string, options: { key?: string; description?: string } = {}): Promise<Record<string, unknown> & Named> {
  const res = await h.api.post(`/api/folders/${parentId}`).send({ key: options.key ?? h.admin.key, name, description: options.description ?? '' });
  return ok(res, `folder ${name}`);
}

/** Each user's history of library sources, per platform (a test group starts many platforms). */
const sourceHistories = new WeakMap<TestPlatform, Map<string, string>>();

/** A history dataset of the user (state ok) with the given content. */
export async function historyDataset(h: TestPlatform, key: string, content: string, name?: string): Promise<string> {
  let histories = sourceHistories.get(h);
  if (!histories) sourceHistories.set(h, (histories = new Map()));
  let historyId = histories.get(key);
  if (!historyId) {
    historyId = await createHistory(h, key, 'library sources');
    histories.set(key, historyId);
  }
  const upload = await uploadText(h, key, historyId, content, { name, fileType: 'txt' });
  const job = await waitForJob(h, key, upload.jobId);
  if (job.state !== 'ok') throw new Error(`upload ended ${String(job.state)}`);
  return upload.datasetId;
}

export interface LibraryDatasetRef {
  /** The library dataset id. */
  id: string;
  ldda_id: string;
  name: string;
}

/** A dataset of its own (its own file and permissions) copied into a folder from a fresh history dataset. */
export async function addDataset(h: TestPlatform, folderId: string, name: string, content = `${name}\n`, key = h.admin.key): Promise<LibraryDatasetRef> {
  const hdaId = await historyDataset(h, key, content, name);
  const res = await h.api.post(`/api/folders/${folderId}/contents`).send({ key, from_hda_id: hdaId });
  const version = ok<{ id: string; library_dataset_id: string; name: string }>(res, `dataset ${name}`);
  return { id: version.library_dataset_id, ldda_id: version.id, name: version.name };
}

/**
 * Gives a library dataset a new current version sharing the same file, so that its former version
 * becomes an expired version (new versions through uploads are built elsewhere). Returns both ids.
 */
export async function expireCurrentVersion(h: TestPlatform, libraryDatasetId: string, newName?: string): Promise<{ expired: string; current: string }> {
  const { ids } = h.platform.services;
  const em = h.platform.services.db.orm.em.fork();
  const ld = await em.findOneOrFail(LibraryDataset, { id: ids.decode(libraryDatasetId) }, { populate: ['ldda', 'ldda.dataset'] });
  const old = ld.ldda as LibraryDatasetDatasetAssociation;
  const fresh = em.create(LibraryDatasetDatasetAssociation, {
    libraryDataset: ld,
    dataset: em.getReference(Dataset, old.dataset.id),
    user: old.user,
    name: newName ?? old.name,
    extension: old.extension,
    dbkey: old.dbkey,
    metadata: { ...old.metadata },
  });
  await em.flush();
  ld.ldda = fresh;
  if (newName) ld.name = newName;
  await em.flush();
  return { expired: ids.encode(old.id), current: ids.encode(fresh.id) };
}

/** The platform's error body. */
export const errorBody = (code: number) => expect.objectContaining({ err_code: code, err_msg: expect.any(String) });

/** The library timestamp `%Y-%m-%d %I:%M %p`. */
export const LIBRARY_TIME = /^\d{4}-\d\d-\d\d (0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/;

/** Marks a library dataset deleted in the database (its delete route is built elsewhere). */
export async function markLibraryDatasetDeleted(h: TestPlatform, libraryDatasetId: string, deleted = true): Promise<void> {
  const em = h.platform.services.db.orm.em.fork();
  await em.nativeUpdate(LibraryDataset, { id: h.platform.services.ids.decode(libraryDatasetId) }, { deleted });
}

/**
 * Fills a folder quickly, straight in the database (for size comparisons): `folders` subfolders,
 * each with `datasetsPerFolder` datasets and one nested subfolder holding one more; every other
 * dataset is restricted to the role named `restrictTo`. The rows the ORM would write for them, in
 * the same order (datasets `seeded-<n>.txt`, n counting from 1 in creation order, file size 100 n),
 * written with a few set-based statements: the ORM's flush of 600 datasets cost about a second of
 * CPU.
 */
export async function seedFolder(h: TestPlatform, folderId: string, options: { folders: number; datasetsPerFolder: number; restrictTo: string }): Promise<void> {
  const { ids } = h.platform.services;
  await h.platform.services.db.orm.em.fork().transactional(async (em) => {
    const parentId = ids.decode(folderId.slice(1));
    const run = <T extends object>(sql: string, params: unknown[]) => em.execute<T[]>(sql, params);
    const [parent] = await run<{ library_id: number }>('select library_id from library_folder where id = ?', [parentId]);
    const [role] = await run<{ id: number }>('select id from role where name = ?', [options.restrictTo]);
    if (!parent || !role) throw new Error(`seedFolder: no folder ${folderId} or no role ${options.restrictTo}`);
    const newFolder = async (parentFolder: number, name: string): Promise<number> =>
      Number((await run<{ id: number }>('insert into library_folder (create_time, update_time, library_id, parent_id, name) values (now(), now(), ?, ?, ?) returning id', [parent.library_id, parentFolder, name]))[0].id);
    /** The folder of each dataset, in creation order (dataset n is placements[n - 1]). */
    const placements: number[] = [];
    for (let f = 0; f < options.folders; f += 1) {
      const folder = await newFolder(parentId, `seeded folder ${f}`);
      const nested = await newFolder(folder, `nested ${f}`);
      for (let i = 0; i < options.datasetsPerFolder; i += 1) placements.push(folder);
      placements.push(nested);
    }
    for (let i = 0; i < options.datasetsPerFolder; i += 1) placements.push(parentId);
    const rows = JSON.stringify(placements.map((folder, index) => ({ n: index + 1, folder })));
    // One statement writes the rows (its parts cannot see each other's rows), a second links each
    // library dataset to its version.
    const versions = await run<{ id: number; library_dataset_id: number }>(
      `with seeded as (select n, folder from jsonb_to_recordset(?::jsonb) as t(n int, folder int)),
       datasets as (
         insert into dataset (create_time, update_time, state, uuid, file_size)
         select now(), now(), 'ok', gen_random_uuid(), 100 * n from seeded order by n returning id, file_size / 100 as n),
       named as (
         insert into library_dataset (create_time, update_time, folder_id, name)
         select now(), now(), folder, 'seeded-' || n || '.txt' from seeded order by n returning id, name),
       versions as (
         insert into library_dataset_dataset_association (create_time, update_time, library_dataset_id, dataset_id, name, extension, metadata)
         select now(), now(), named.id, datasets.id, named.name, 'txt', '{}'::jsonb
         from seeded join datasets using (n) join named on named.name = 'seeded-' || seeded.n || '.txt'
         order by seeded.n returning id, library_dataset_id),
       restricted as (
         insert into item_permission (item_type, item_id, action, role_id)
         select 'dataset', datasets.id, ?, ? from datasets where datasets.n % 2 = 0 order by datasets.n)
       select id, library_dataset_id from versions`,
      [rows, PERMISSION_ACTIONS.datasetAccess, role.id],
    );
    await run(
      `update library_dataset set ldda_id = v.id
       from jsonb_to_recordset(?::jsonb) as v(id int, library_dataset_id int) where library_dataset.id = v.library_dataset_id`,
      [JSON.stringify(versions.map((version) => ({ id: Number(version.id), library_dataset_id: Number(version.library_dataset_id) })))],
    );
  });
}
