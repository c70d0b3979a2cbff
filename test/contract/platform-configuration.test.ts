import { MASTER_KEY, startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;

const PUBLIC_KEYS = [
  'version_major',
  'version_minor',
  'is_admin_user',
  'brand',
  'logo_url',
  'terms_url',
  'support_url',
  'wiki_url',
  'citation_url',
  'allow_user_creation',
  'use_remote_user',
  'enable_quotas',
  'allow_user_dataset_purge',
  'nginx_upload_path',
  'ftp_upload_dir',
  'ftp_upload_site',
  'require_login',
  'message_box_visible',
];
const ADMIN_KEYS = ['library_import_dir', 'user_library_import_dir', 'allow_library_path_paste', 'allow_user_deletion'];

beforeAll(async () => {
  h = await startTestPlatform({ BRAND: 'Test Lab', TERMS_URL: 'https://example.org/terms', LIBRARY_IMPORT_DIR: '/srv/imports', ALLOW_LIBRARY_PATH_PASTE: 'true' });
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

describe('GET /api/configuration', () => {
  it("answers anonymous callers with the platform's public keys, valued from this server's configuration", async () => {
    const res = await h.api.get('/api/configuration');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(expect.arrayContaining(PUBLIC_KEYS));
    expect(res.body).toEqual(
      expect.objectContaining({
        version_major: '15.05',
        version_minor: '1',
        is_admin_user: false,
        brand: 'Test Lab',
        terms_url: 'https://example.org/terms',
        support_url: expect.stringMatching(/^https?:\/\//),
        allow_user_creation: true,
        use_remote_user: false,
        enable_quotas: true,
      }),
    );
    for (const key of ADMIN_KEYS) expect(res.body).not.toHaveProperty(key);
  });

  it('shows a user the public keys only', async () => {
    const res = await h.api.get('/api/configuration').query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body.is_admin_user).toBe(false);
    for (const key of ADMIN_KEYS) expect(res.body).not.toHaveProperty(key);
  });

  it('adds the library import settings for administrators', async () => {
    for (const key of [h.admin.key, MASTER_KEY]) {
      const res = await h.api.get('/api/configuration').query({ key });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expect.objectContaining({ is_admin_user: true, library_import_dir: '/srv/imports', allow_library_path_paste: true, user_library_import_dir: null }));
      expect(Object.keys(res.body)).toEqual(expect.arrayContaining([...PUBLIC_KEYS, ...ADMIN_KEYS]));
    }
  });

  it('never shows the id secret or any key, even to administrators', async () => {
    const res = await h.api.get('/api/configuration').query({ key: h.admin.key });
    expect(res.body).not.toHaveProperty('id_secret');
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(h.platform.config.idSecret);
    expect(text).not.toContain(MASTER_KEY);
  });

  it('refuses a bad key like every API route', async () => {
    const res = await h.api.get('/api/configuration').query({ key: 'not-a-key' });
    expect(res.status).toBe(403);
  });
});
