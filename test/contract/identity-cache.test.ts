import { ApiKey } from '../../src/entities/api-key.entity';
import { User } from '../../src/entities/user.entity';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * Each process keeps API key -> caller, so a request with a known key costs no SQL for its identity;
 * the database signals every change of keys or users (caller_changed) and the cache forgets at once.
 */
let h: TestPlatform;

beforeAll(async () => {
  h = await startTestPlatform();
});
afterAll(() => h.close());

const version = (key: string) => h.api.get('/api/version').query({ key });
const whoAmI = (key: string) => h.api.get('/api/users/current').query({ key });

/** Waits until the signal has gone round (NOTIFY is delivered after the commit, asynchronously). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + patient(5000);
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const refused = async (key: string) => (await whoAmI(key)).status === 403;

/**
 * Uses a key until it is served from the cache. (A lookup is not kept when a signal arrives while it
 * runs, such as the signal of this very key's creation, still on its way.)
 */
const cached = (key: string) => h.warmKeys(key);

describe('a known API key', () => {
  it('costs one statement when it is first seen, and none once it is cached', async () => {
    const user = await h.newUser();
    expect(h.queriesOf(await version(user.key))).toBe(1);
    await cached(user.key);
    expect(h.queriesOf(await version(user.key))).toBe(0);
    expect((await whoAmI(user.key)).body.email).toBe(user.email);
  });
});

describe('the key cache forgets', () => {
  let user: TestUser;
  beforeEach(async () => {
    user = await h.newUser();
    await cached(user.key);
  });

  it('a key once a newer one is issued through the API', async () => {
    const newer = await h.api.post(`/api/users/${user.id}/api_key`).query({ key: h.masterKey });
    expect(newer.status).toBe(200);
    await eventually(() => refused(user.key));
    const res = await whoAmI(user.key);
    expect(res.body).toEqual({ err_msg: 'Provided API key has expired.', err_code: 403001 });
    expect((await whoAmI(newer.body as string)).body.email).toBe(user.email);
  });

  it('a key whose user is deleted by any write, even plain SQL', async () => {
    await h.platform.services.db.orm.em.fork().nativeUpdate(User, { email: user.email }, { deleted: true });
    await eventually(() => refused(user.key));
    expect((await whoAmI(user.key)).body).toEqual({ err_msg: 'User account is deactivated, please contact an administrator.', err_code: 403001 });
  });

  it('a key that is removed from the database', async () => {
    await h.platform.services.db.orm.em.fork().nativeDelete(ApiKey, { key: user.key });
    await eventually(() => refused(user.key));
    expect((await whoAmI(user.key)).body).toEqual({ err_msg: 'Provided API key is not valid.', err_code: 403001 });
  });

  it("a user's new email (administrators are chosen by email)", async () => {
    await h.platform.services.db.orm.em.fork().nativeUpdate(User, { email: user.email }, { email: `renamed-${user.email}` });
    await eventually(async () => (await whoAmI(user.key)).body.email === `renamed-${user.email}`);
  });

  it('nothing of other users', async () => {
    const other = await h.newUser();
    await cached(other.key);
    await h.api.post(`/api/users/${user.id}/api_key`).query({ key: h.masterKey });
    await eventually(() => refused(user.key));
    expect(h.queriesOf(await version(other.key))).toBe(0);
  });
});

describe('while signals could be missed', () => {
  it('the cache is bypassed: every request reads its key again', async () => {
    const user = await h.newUser();
    await cached(user.key);
    const signals = h.platform.services.db.signals;
    signals.setListening(false);
    try {
      expect(h.queriesOf(await version(user.key))).toBe(1);
      expect(h.queriesOf(await version(user.key))).toBe(1);
    } finally {
      signals.setListening(true);
    }
    await cached(user.key);
  });
});
