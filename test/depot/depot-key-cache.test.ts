import { startTestDepot, type DepotUser, type TestDepot } from '../support/test-depot';
import { patient } from '../support/patience';

/**
 * The depot keeps API key -> caller per process, as the platform does, so a request with a known key
 * costs no SQL for its identity; the depot's own triggers signal every change of its keys and users
 * (`depot_caller_changed`) and the cache forgets at once.
 */
let h: TestDepot;

beforeAll(async () => {
  h = await startTestDepot();
});
afterAll(() => h.close());

const categories = (key: string) => h.api.get('/api/categories').query({ key });
const refused = async (key: string) => (await categories(key)).status === 403;

/** Uses a key until the cache serves it (its identity costs no statement). */
const cached = (key: string) => h.warmKeys(key);

/** Waits until the signal has gone round (NOTIFY is delivered after the commit). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + patient(5000);
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a known depot API key', () => {
  it('costs one statement when it is first seen, and none once it is cached', async () => {
    const author = await h.newUser();
    const anonymous = h.queriesOf(await h.api.get('/api/categories'));
    expect(h.queriesOf(await categories(author.key))).toBe(anonymous + 1);
    await cached(author.key);
    expect(h.queriesOf(await categories(author.key))).toBe(anonymous);
  });
});

describe('the depot key cache forgets', () => {
  let author: DepotUser;
  beforeEach(async () => {
    author = await h.newUser();
    await cached(author.key);
  });

  it('a key once a newer one is issued through the API', async () => {
    const newer = await h.api.post(`/api/users/${author.id}/api_key`).query({ key: h.masterKey });
    expect(newer.status).toBe(200);
    await eventually(() => refused(author.key));
    expect((await categories(newer.body as string)).status).toBe(200);
  });

  it('a key whose user is deleted by any write, even plain SQL', async () => {
    await h.sql('update depot.galaxy_user set deleted = true where email = ?', [author.email]);
    await eventually(() => refused(author.key));
  });

  it('a key that is removed from the database', async () => {
    await h.sql('delete from depot.api_keys where key = ?', [author.key]);
    await eventually(() => refused(author.key));
  });

  it('nothing of other users', async () => {
    const other = await h.newUser();
    await cached(other.key);
    const anonymous = h.queriesOf(await h.api.get('/api/categories'));
    await h.api.post(`/api/users/${author.id}/api_key`).query({ key: h.masterKey });
    await eventually(() => refused(author.key));
    expect(h.queriesOf(await categories(other.key))).toBe(anonymous);
  });
});
