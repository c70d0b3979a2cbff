import {
  addDataset,
  createFolder,
  createGroup,
  createLibrary,
  createRole,
  errorBody,
  expireCurrentVersion,
  LIBRARY_TIME,
  type LibraryDatasetRef,
  type LibraryRef,
  markLibraryDatasetDeleted,
  type Named,
  setDatasetRoles,
  setLibraryRoles,
  UNKNOWN_ID,
} from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * GET /api/libraries/datasets/{id} (the library dataset detail) and
 * GET /api/libraries/datasets/{id}/versions/{ldda_id} (an expired version). Both are "Anon".
 */

let h: TestPlatform;
let analyst: TestUser; // holds "analysts" directly
let groupAnalyst: TestUser; // through the group "team"
let auditor: TestUser; // holds "auditors"
let other: TestUser;
let analysts: Named;
let auditors: Named;
let library: LibraryRef;
let closed: LibraryRef;
let folder: Named;
let open: LibraryDatasetRef;
let restricted: LibraryDatasetRef;
let twoRoles: LibraryDatasetRef;
let versioned: LibraryDatasetRef;
let versions: { expired: string; current: string };
let inClosed: LibraryDatasetRef;

beforeAll(async () => {
  h = await startTestPlatform();
  analyst = await h.newUser('analyst');
  groupAnalyst = await h.newUser('groupanalyst');
  auditor = await h.newUser('auditor');
  other = await h.newUser('other');
  const team = await createGroup(h, 'team', { users: [groupAnalyst] });
  analysts = await createRole(h, 'analysts', { users: [analyst], groupIds: [team.id] });
  auditors = await createRole(h, 'auditors', { users: [auditor, analyst] });
  library = await createLibrary(h, 'Results');
  folder = await createFolder(h, library.root_folder_id, 'batch 1');
  open = await addDataset(h, folder.id, 'open.txt', 'hello world\n');
  restricted = await addDataset(h, folder.id, 'restricted.txt');
  await setDatasetRoles(h, restricted.id, { access: [analysts.name], manage: [analysts.name], modify: [analysts.name] });
  twoRoles = await addDataset(h, folder.id, 'two-roles.txt');
  await setDatasetRoles(h, twoRoles.id, { access: [analysts.name, auditors.name] });
  versioned = await addDataset(h, folder.id, 'versioned.txt');
  versions = await expireCurrentVersion(h, versioned.id, 'versioned-v2.txt');
  closed = await createLibrary(h, 'Closed');
  inClosed = await addDataset(h, closed.root_folder_id, 'inside.txt');
  await setLibraryRoles(h, closed.id, { access: [auditors.name] });
}, patient(120000));
afterAll(() => h.close());

const show = (id: string, key?: string) => h.api.get(`/api/libraries/datasets/${id}`).query(key ? { key } : {});
const version = (id: string, lddaId: string, key?: string) => h.api.get(`/api/libraries/datasets/${id}/versions/${lddaId}`).query(key ? { key } : {});

describe('GET /api/libraries/datasets/{id}', () => {
  it('returns the detail: ids, path from the library root down to the dataset, size text, upload date and rights', async () => {
    const res = await show(open.id, h.admin.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({
        id: open.id,
        ldda_id: open.ldda_id,
        folder_id: folder.id,
        parent_library_id: library.id,
        name: 'open.txt',
        deleted: false,
        expired_versions: [],
        full_path: [
          [library.root_folder_id, 'Results'],
          [folder.id, 'batch 1'],
          [open.id, 'open.txt'],
        ],
        file_size: '12 bytes',
        date_uploaded: expect.stringMatching(LIBRARY_TIME),
        file_ext: 'txt',
        can_user_modify: true,
        can_user_manage: true,
        is_unrestricted: true,
      }),
    );
    expect(res.body).not.toHaveProperty('has_versions');
  });

  it('answers anonymous callers (no key, no cookie) on a public dataset, without rights', async () => {
    const res = await show(open.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id: open.id, can_user_modify: false, can_user_manage: false, is_unrestricted: true }));
  });

  it('shows a restricted dataset to holders of its access role (directly or through a group) with their rights', async () => {
    for (const user of [analyst, groupAnalyst]) {
      const res = await show(restricted.id, user.key);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expect.objectContaining({ is_unrestricted: false, can_user_modify: true, can_user_manage: true }));
    }
    expect((await show(open.id, analyst.key)).body).toEqual(expect.objectContaining({ can_user_modify: false, can_user_manage: false }));
  });

  it('answers ObjectNotFound to callers without the access role, and to anonymous callers', async () => {
    for (const key of [other.key, auditor.key, undefined]) {
      const res = await show(restricted.id, key);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody(404001));
    }
  });

  it('needs every access role of the dataset', async () => {
    expect((await show(twoRoles.id, groupAnalyst.key)).status).toBe(404);
    expect((await show(twoRoles.id, auditor.key)).status).toBe(404);
    expect((await show(twoRoles.id, analyst.key)).status).toBe(200);
  });

  it('answers ObjectNotFound for a public dataset of a library the caller may not access', async () => {
    expect((await show(inClosed.id, other.key)).status).toBe(404);
    expect((await show(inClosed.id)).status).toBe(404);
    expect((await show(inClosed.id, auditor.key)).status).toBe(200);
  });

  it('lists the expired versions and flags has_versions', async () => {
    const res = await show(versioned.id, other.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ ldda_id: versions.current, name: 'versioned-v2.txt', has_versions: true, expired_versions: [[versions.expired, 'versioned.txt']] }));
  });

  it('shows a deleted dataset, flagged deleted, to whoever may access it (as the platform does)', async () => {
    const doomed = await addDataset(h, folder.id, 'doomed.txt');
    await markLibraryDatasetDeleted(h, doomed.id);
    for (const key of [other.key, h.admin.key]) {
      const res = await show(doomed.id, key);
      expect(res.status).toBe(200);
      expect(res.body.deleted).toBe(true);
    }
  });

  it('answers ObjectNotFound for an unknown id and for an id that cannot be decoded', async () => {
    for (const id of [UNKNOWN_ID, 'not-an-id']) {
      const res = await show(id, h.admin.key);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody(404001));
    }
  });
});

describe('GET /api/libraries/datasets/{id}/versions/{ldda_id}', () => {
  it('returns an expired version record', async () => {
    const res = await version(versioned.id, versions.expired, other.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id: versions.expired, name: 'versioned.txt', library_dataset_id: versioned.id, file_ext: 'txt' }));
    expect((await version(versioned.id, versions.expired)).status).toBe(200);
  });

  it('answers ObjectNotFound for the current version, a version of another dataset, or an unknown / undecodable version', async () => {
    for (const lddaId of [versions.current, open.ldda_id, UNKNOWN_ID, 'garbage']) {
      const res = await version(versioned.id, lddaId, h.admin.key);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody(404001));
    }
  });

  it('answers ObjectNotFound for a dataset the caller may not access or an unknown dataset', async () => {
    const hidden = await addDataset(h, folder.id, 'hidden-versions.txt');
    const hiddenVersions = await expireCurrentVersion(h, hidden.id);
    await setDatasetRoles(h, hidden.id, { access: [analysts.name] });
    expect((await version(hidden.id, hiddenVersions.expired, analyst.key)).status).toBe(200);
    for (const key of [other.key, undefined]) {
      const res = await version(hidden.id, hiddenVersions.expired, key);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody(404001));
    }
    expect((await version(UNKNOWN_ID, versions.expired, h.admin.key)).status).toBe(404);
  });
});
