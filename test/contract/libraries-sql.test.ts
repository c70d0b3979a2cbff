import Cursor from 'pg-cursor';
import { createFolder, createLibrary, createRole, type LibraryRef, seedFolder } from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * Listings keep a constant number of SQL statements: the permission predicates run in SQL and the
 * caller's roles are computed once, so a bigger library costs no more queries than a small one.
 */

let h: TestPlatform;
let holder: TestUser;
let other: TestUser;
let small: LibraryRef;
let big: LibraryRef;

beforeAll(async () => {
  h = await startTestPlatform();
  holder = await h.newUser('holder');
  other = await h.newUser('other');
  await createRole(h, 'insiders', { users: [holder] });
  small = await createLibrary(h, 'Small');
  big = await createLibrary(h, 'Big');
  await seedFolder(h, small.root_folder_id, { folders: 1, datasetsPerFolder: 2, restrictTo: 'insiders' });
  await seedFolder(h, big.root_folder_id, { folders: 25, datasetsPerFolder: 12, restrictTo: 'insiders' });
  await h.warmKeys(h.admin.key, holder.key, other.key);
}, patient(60000));
afterAll(() => h.close());

const CALLERS = ['an administrator', 'a holder of the restricting role', 'another user'] as const;
const keyOf = (caller: (typeof CALLERS)[number]) => (caller === 'an administrator' ? h.admin.key : caller === 'another user' ? other.key : holder.key);

describe('GET /api/libraries/{id}/contents costs the same queries for a small and a big library', () => {
  it.each(CALLERS)('for %s', async (caller) => {
    const key = keyOf(caller);
    const smallRes = await h.api.get(`/api/libraries/${small.id}/contents`).query({ key });
    const bigRes = await h.api.get(`/api/libraries/${big.id}/contents`).query({ key });
    expect(smallRes.status).toBe(200);
    expect(bigRes.status).toBe(200);
    expect(bigRes.body.length).toBeGreaterThan(smallRes.body.length * 10);
    expect(h.queriesOf(bigRes)).toBe(h.queriesOf(smallRes));
    expect(h.queriesOf(bigRes)).toBeLessThanOrEqual(8);
  });

  it('lists the big library per the access rules (half the datasets restricted)', async () => {
    const forAdmin = await h.api.get(`/api/libraries/${big.id}/contents`).query({ key: h.admin.key });
    const forHolder = await h.api.get(`/api/libraries/${big.id}/contents`).query({ key: holder.key });
    const forOther = await h.api.get(`/api/libraries/${big.id}/contents`).query({ key: other.key });
    const files = (body: Array<{ type: string }>) => body.filter((item) => item.type === 'file').length;
    expect(files(forAdmin.body)).toBe(25 * 13 + 12);
    expect(files(forHolder.body)).toBe(files(forAdmin.body));
    expect(files(forOther.body)).toBe(Math.ceil((25 * 13 + 12) / 2));
  });
});

describe('GET /api/folders/{id}/contents costs the same queries for a small and a big folder', () => {
  it.each(CALLERS)('for %s', async (caller) => {
    const key = keyOf(caller);
    const smallRes = await h.api.get(`/api/folders/${small.root_folder_id}/contents`).query({ key });
    const bigRes = await h.api.get(`/api/folders/${big.root_folder_id}/contents`).query({ key });
    expect(smallRes.status).toBe(200);
    expect(bigRes.status).toBe(200);
    expect(bigRes.body.folder_contents.length).toBeGreaterThan(smallRes.body.folder_contents.length * 5);
    expect(h.queriesOf(bigRes)).toBe(h.queriesOf(smallRes));
    expect(h.queriesOf(bigRes)).toBeLessThanOrEqual(12);
  });

  it('also for anonymous callers', async () => {
    const smallRes = await h.api.get(`/api/folders/${small.root_folder_id}/contents`);
    const bigRes = await h.api.get(`/api/folders/${big.root_folder_id}/contents`);
    expect(h.queriesOf(bigRes)).toBe(h.queriesOf(smallRes));
  });
});

describe('GET /api/libraries costs the same queries for few and many libraries', () => {
  it('lists libraries with their rights in a constant number of queries', async () => {
    const before = await h.api.get('/api/libraries').query({ key: holder.key });
    for (let i = 0; i < 8; i += 1) await createLibrary(h, `More ${i}`);
    const after = await h.api.get('/api/libraries').query({ key: holder.key });
    expect(after.body.length).toBe(before.body.length + 8);
    expect(h.queriesOf(after)).toBe(h.queriesOf(before));
  });
});

describe('GET /api/folders/{id}/contents reads only the parts a folder has, a part of one batch as one prepared statement', () => {
  type Item = { id: string; type: string };
  let empty: string;
  let filesOnly: string;
  let both: string;
  beforeAll(async () => {
    const library = await createLibrary(h, 'Parts');
    empty = (await createFolder(h, library.root_folder_id, 'empty')).id;
    // One subfolder of 1,001 datasets (more than a batch of 1,000) and a nested subfolder holding one.
    await seedFolder(h, library.root_folder_id, { folders: 1, datasetsPerFolder: 1001, restrictTo: 'insiders' });
    const root = await h.api.get(`/api/folders/${library.root_folder_id}/contents`).query({ key: h.admin.key });
    both = (root.body.folder_contents as Item[]).find((item) => item.type === 'folder' && item.id !== empty)!.id;
    const inner = await h.api.get(`/api/folders/${both}/contents`).query({ key: h.admin.key });
    filesOnly = (inner.body.folder_contents as Item[]).find((item) => item.type === 'folder')!.id;
  }, patient(60000));

  it('costs one statement more for each part the folder has: none, datasets, subfolders and datasets', async () => {
    const list = (id: string) => h.api.get(`/api/folders/${id}/contents`).query({ key: holder.key });
    const [none, files, all] = [await list(empty), await list(filesOnly), await list(both)];
    expect([none.body.folder_contents.length, files.body.folder_contents.length, all.body.folder_contents.length]).toEqual([0, 1, 1002]);
    expect([h.queriesOf(files) - h.queriesOf(none), h.queriesOf(all) - h.queriesOf(none)]).toEqual([1, 2]);
  });

  it('reads a part of one batch without a cursor and a bigger one through a cursor (server)', async () => {
    const cursorReads = jest.spyOn(Cursor.prototype, 'read');
    try {
      await h.api.get(`/api/folders/${filesOnly}/contents`).query({ key: h.admin.key });
      expect(cursorReads).not.toHaveBeenCalled();
      await h.api.get(`/api/folders/${both}/contents`).query({ key: h.admin.key });
      // The 1,001 datasets: a batch of 1,000, then the rest (the one subfolder is one prepared statement).
      expect(cursorReads.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      cursorReads.mockRestore();
    }
  });
});
