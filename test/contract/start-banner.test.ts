import { administratorExists } from '../../src/app/administrator-exists';
import { startBanner } from '../../src/app/banner';
import { ADMIN_EMAIL, MASTER_KEY, startTestPlatform, type TestPlatform } from '../support/test-platform';

let h: TestPlatform;

beforeAll(async () => {
  h = await startTestPlatform();
});
afterAll(() => h.close());

const bannerNow = async (adminUsers: string[]) => {
  const config = { ...h.platform.services.config, adminUsers };
  return startBanner(config, 1, await administratorExists(h.platform.services.db, adminUsers));
};

describe('the start banner (fuzz finding: it printed the first-administrator steps when an administrator existed)', () => {
  it('leaves out the first-administrator steps when a user listed in ADMIN_USERS exists, and names the administrators', async () => {
    // The test platform created the user ADMIN_EMAIL.
    const banner = await bannerNow([ADMIN_EMAIL]);
    expect(banner).not.toContain('First administrator key');
    expect(banner).not.toContain('/api_key?key=<master key>');
    expect(banner).toContain(`Administrators (ADMIN_USERS): ${ADMIN_EMAIL}`);
    expect(banner).toContain('/api');
    expect(banner).toMatch(/Web UI: +http:\/\/localhost:\d+\/ /);
  });

  it('prints the steps while no listed email is a user yet, and once it is, no more', async () => {
    expect(await bannerNow(['second-admin@example.org'])).toContain('First administrator key');
    const created = await h.api.post('/api/users').send({ key: MASTER_KEY, email: 'second-admin@example.org', username: 'second-admin', password: 'second-admin-pw' });
    expect(created.status).toBe(200);
    expect(await bannerNow(['second-admin@example.org'])).not.toContain('First administrator key');
  });

  it('prints the steps when ADMIN_USERS is empty: the master key alone is no administrator user', async () => {
    const banner = await bannerNow([]);
    expect(banner).toContain('First administrator key');
    expect(banner).toContain('start again with ADMIN_USERS=<admin email>');
  });

  it('a deleted administrator user does not count', async () => {
    const created = await h.api.post('/api/users').send({ key: MASTER_KEY, email: 'gone-admin@example.org', username: 'gone-admin', password: 'gone-admin-pw' });
    expect(created.status).toBe(200);
    await h.platform.services.db.orm.em.fork().execute("update galaxy_user set deleted = true where email = 'gone-admin@example.org'");
    expect(await bannerNow(['gone-admin@example.org'])).toContain('First administrator key');
  });
});
