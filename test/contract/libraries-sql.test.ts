import { createLibrary, createRole, type LibraryRef, seedFolder } from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

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
}, 60000);
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
