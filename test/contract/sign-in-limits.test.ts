import { User } from '../../src/entities/user.entity';
import { SignInLimiter } from '../../src/services/sessions/sign-in-limiter';
import { GraphQLSocket } from '../support/graphql-socket';
import { listen } from '../support/listening-platform';
import { startTestDepot, type TestDepot } from '../support/test-depot';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * Signing in: the graph's `login` answers an unknown account, a wrong password and a deleted account
 * alike; failed sign-ins (the graph's `login` and `GET /api/authenticate/baseauth`, the depot's too)
 * are limited per account and per client address in a window, in the database so that every server
 * process counts the same attempts. TRUST_PROXY=loopback: the tests name the client address in
 * X-Forwarded-For.
 */
const LIMITS = { TRUST_PROXY: 'loopback', SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3', SIGN_IN_MAX_FAILURES_PER_ADDRESS: '5', SIGN_IN_WINDOW_SECONDS: '2' };
const WINDOW_MS = 2000;

let h: TestPlatform;
let addressCounter = 0;
/** A client address no other test used. */
const freshAddress = () => `198.51.100.${(addressCounter += 1)}`;

const LOGIN = 'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { email } }';

interface GraphAnswer {
  status: number;
  data?: { login: { email: string } | null } | null;
  errors?: Array<{ message: string; extensions: Record<string, unknown> }>;
  setCookie: string[];
}

async function login(api: TestPlatform['api'], email: string, password: string, address: string): Promise<GraphAnswer> {
  const res = await api.post('/graphql').set('X-Forwarded-For', address).send({ query: LOGIN, variables: { e: email, p: password } });
  return { status: res.status, data: res.body.data, errors: res.body.errors, setCookie: (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [] };
}

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
const baseauth = (api: TestPlatform['api'], email: string, password: string, address: string) =>
  api.get('/api/authenticate/baseauth').set('Authorization', basic(email, password)).set('X-Forwarded-For', address);

const refusalOf = (answer: GraphAnswer) => ({ message: answer.errors?.[0]?.message, code: answer.errors?.[0]?.extensions.code, status: answer.errors?.[0]?.extensions.status });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  h = await startTestPlatform(LIMITS);
});
afterAll(() => h.close());

describe("the graph's login answers one refusal, whatever was wrong", () => {
  it('is the same for an unknown account, a wrong password and a deleted account', async () => {
    const gone = await h.newUser('gone');
    expect(await h.platform.services.db.orm.em.fork().nativeUpdate(User, { email: gone.email }, { deleted: true })).toBe(1);
    const ana = await h.newUser('ana');
    const unknown = await login(h.api, 'nobody@example.org', 'whatever', freshAddress());
    const wrong = await login(h.api, ana.email, 'not-her-password', freshAddress());
    const deleted = await login(h.api, gone.email, gone.password, freshAddress());
    expect(refusalOf(unknown)).toEqual({ message: 'Invalid email or password.', code: 'AuthenticationFailed', status: 401 });
    expect(refusalOf(wrong)).toEqual(refusalOf(unknown));
    expect(refusalOf(deleted)).toEqual(refusalOf(unknown));
    // The whole answers are the same but for nothing: no data, the same error, no cookie.
    for (const answer of [unknown, wrong, deleted]) expect([answer.status, answer.data?.login ?? null, answer.errors?.length, answer.setCookie]).toEqual([200, null, 1, []]);
  });

  it('still signs in with the right password', async () => {
    const ben = await h.newUser('ben');
    const answer = await login(h.api, ben.email, ben.password, freshAddress());
    expect(answer.data?.login?.email).toBe(ben.email);
    expect(answer.setCookie.some((cookie) => cookie.startsWith('galaxysession='))).toBe(true);
  });

  it('GET /api/authenticate/baseauth keeps the platform\'s own messages (clients read them)', async () => {
    const cleo = await h.newUser('cleo');
    const unknown = await baseauth(h.api, 'nobody@example.org', 'x', freshAddress());
    const wrong = await baseauth(h.api, cleo.email, 'x', freshAddress());
    expect([unknown.status, unknown.body]).toEqual([404, { err_msg: 'The user does not exist.', err_code: 404001 }]);
    expect([wrong.status, wrong.body]).toEqual([401, { err_msg: 'Invalid password.', err_code: 401001 }]);
  });
});

describe('an unknown account takes as long to refuse as a wrong password', () => {
  it('spends a password check on it (median of 5 attempts each, bcrypt cost 10)', async () => {
    const slow = await startTestPlatform({ ...LIMITS, PASSWORD_HASH_ROUNDS: '10', SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '100', SIGN_IN_MAX_FAILURES_PER_ADDRESS: '100' }, { reset: false });
    try {
      const olga = await slow.newUser('olga');
      const median = async (email: string) => {
        const times: number[] = [];
        for (let i = 0; i < 5; i += 1) {
          const started = process.hrtime.bigint();
          expect(refusalOf(await login(slow.api, email, 'wrong', freshAddress())).code).toBe('AuthenticationFailed');
          times.push(Number(process.hrtime.bigint() - started) / 1e6);
        }
        return times.sort((a, b) => a - b)[2];
      };
      await median('warm-up@example.org');
      const wrongPassword = await median(olga.email);
      const unknownAccount = await median('nobody-at-all@example.org');
      // Without the stand-in check an unknown account answers tens of times faster (no bcrypt at all: a
      // ratio of about 0.03); with it about as fast (1), less on a loaded machine (CI measured 0.45 once).
      expect(unknownAccount / wrongPassword).toBeGreaterThan(0.25);
    } finally {
      await slow.close();
    }
  }, 60_000);
});

describe('failed sign-ins are limited per account', () => {
  it('refuses the next attempt after 3 failures, even with the right password, with a 429 saying when to retry; then the window ends', async () => {
    const dora = await h.newUser('dora');
    // Each failure from another address: only the account's count is reached.
    for (let i = 0; i < 3; i += 1) expect(refusalOf(await login(h.api, dora.email, 'wrong', freshAddress())).code).toBe('AuthenticationFailed');
    const refused = await login(h.api, dora.email, dora.password, freshAddress());
    expect(refusalOf(refused)).toEqual({ message: expect.stringMatching(/^Too many failed sign-ins; try again in [12] seconds\.$/), code: 'TooManyRequests', status: 429 });
    expect(refused.errors?.[0]?.extensions).toEqual(expect.objectContaining({ errCode: 429001, retry_after: expect.any(Number) }));
    expect(refused.setCookie).toEqual([]);
    // baseauth is a sign-in too: refused the same way, as REST answers it.
    const rest = await baseauth(h.api, dora.email, dora.password, freshAddress());
    expect(rest.status).toBe(429);
    expect(rest.body).toEqual({ err_msg: expect.stringMatching(/^Too many failed sign-ins/), err_code: 429001, retry_after: Number(rest.headers['retry-after']) });
    expect(Number(rest.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(rest.headers['retry-after'])).toBeLessThanOrEqual(2);
    // Another account is not affected.
    const eve = await h.newUser('eve');
    expect((await login(h.api, eve.email, eve.password, freshAddress())).data?.login?.email).toBe(eve.email);
    // After the window, the right password works again.
    await sleep(WINDOW_MS + 200);
    expect((await login(h.api, dora.email, dora.password, freshAddress())).data?.login?.email).toBe(dora.email);
  });

  it('counts an unknown account like a known one (the limit does not tell whether it exists)', async () => {
    const address = freshAddress;
    for (let i = 0; i < 3; i += 1) await login(h.api, 'ghost@example.org', 'x', address());
    expect(refusalOf(await login(h.api, 'ghost@example.org', 'x', address())).code).toBe('TooManyRequests');
    expect(refusalOf(await login(h.api, 'GHOST@example.org ', 'x', address())).code).toBe('TooManyRequests');
  });

  it('forgets the failures of an account once its owner signs in', async () => {
    const finn = await h.newUser('finn');
    for (let i = 0; i < 2; i += 1) await login(h.api, finn.email, 'wrong', freshAddress());
    expect((await login(h.api, finn.email, finn.password, freshAddress())).data?.login?.email).toBe(finn.email);
    for (let i = 0; i < 2; i += 1) await login(h.api, finn.email, 'wrong', freshAddress());
    expect((await login(h.api, finn.email, finn.password, freshAddress())).data?.login?.email).toBe(finn.email);
  });
});

describe('failed sign-ins are limited per client address', () => {
  it('refuses every account from an address after 5 failures, other addresses unaffected', async () => {
    const gus = await h.newUser('gus');
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) await login(h.api, `guess${i}@example.org`, 'x', address);
    const refused = await login(h.api, gus.email, gus.password, address);
    expect(refusalOf(refused).code).toBe('TooManyRequests');
    expect((await baseauth(h.api, gus.email, gus.password, address)).status).toBe(429);
    expect((await login(h.api, gus.email, gus.password, freshAddress())).data?.login?.email).toBe(gus.email);
  });

  it('does not count successful sign-ins', async () => {
    const hal = await h.newUser('hal');
    const address = freshAddress();
    for (let i = 0; i < 8; i += 1) expect((await baseauth(h.api, hal.email, hal.password, address)).status).toBe(200);
  });

  it('takes the address from X-Forwarded-For only when TRUST_PROXY believes the proxy', async () => {
    const strict = await startTestPlatform({ ...LIMITS, TRUST_PROXY: 'false' }, { reset: false });
    try {
      const ivo = await strict.newUser('ivo');
      // Every attempt seems to come from a new address, but the platform sees one: the connection's.
      for (let i = 0; i < 5; i += 1) await login(strict.api, `nobody${i}@example.org`, 'x', freshAddress());
      expect(refusalOf(await login(strict.api, ivo.email, ivo.password, freshAddress())).code).toBe('TooManyRequests');
    } finally {
      await strict.close();
    }
  });
});

describe("sign-ins over the graph's WebSocket are counted like HTTP's", () => {
  it("counts them against the upgrade's client address (by TRUST_PROXY's rule), with the HTTP door's failures", async () => {
    const jon = await h.newUser('jon');
    const address = freshAddress();
    const listening = await listen(h);
    const socket = await GraphQLSocket.open(listening.socketUrl, { headers: { 'x-forwarded-for': address } });
    try {
      for (let i = 0; i < 3; i += 1) await login(h.api, `wsguess${i}@example.org`, 'x', address);
      for (let i = 3; i < 5; i += 1) {
        const failed = await socket.outcome(socket.start(LOGIN, { e: `wsguess${i}@example.org`, p: 'x' }));
        expect(failed.results[0]?.errors?.[0]?.extensions?.code ?? failed.errors?.[0]?.extensions?.code).toBe('AuthenticationFailed');
      }
      // Five failures from the address, three over HTTP and two over the socket: the right password is refused on both doors.
      const refused = await socket.outcome(socket.start(LOGIN, { e: jon.email, p: jon.password }));
      expect(refused.results[0]?.errors?.[0]?.extensions?.code ?? refused.errors?.[0]?.extensions?.code).toBe('TooManyRequests');
      expect(refusalOf(await login(h.api, jon.email, jon.password, address)).code).toBe('TooManyRequests');
      expect((await login(h.api, jon.email, jon.password, freshAddress())).data?.login?.email).toBe(jon.email);
    } finally {
      socket.close();
      await listening.close();
    }
  });
});

describe('the limits hold across server processes', () => {
  it('counts failures sent to two platforms on one database together', async () => {
    const second = await startTestPlatform(LIMITS, { reset: false });
    try {
      const joan = await h.newUser('joan');
      await login(h.api, joan.email, 'wrong', freshAddress());
      await login(second.api, joan.email, 'wrong', freshAddress());
      await login(h.api, joan.email, 'wrong', freshAddress());
      expect(refusalOf(await login(second.api, joan.email, joan.password, freshAddress())).code).toBe('TooManyRequests');
      expect(refusalOf(await login(h.api, joan.email, joan.password, freshAddress())).code).toBe('TooManyRequests');
    } finally {
      await second.close();
    }
  });

  it('counts parallel guesses exactly: of 10 sent at once, 3 are checked and 7 refused by the limit', async () => {
    const kai: TestUser = await h.newUser('kai');
    const answers = await Promise.all(Array.from({ length: 10 }, () => login(h.api, kai.email, 'wrong', freshAddress())));
    const codes = answers.map((answer) => refusalOf(answer).code);
    expect(codes.filter((code) => code === 'AuthenticationFailed')).toHaveLength(3);
    expect(codes.filter((code) => code === 'TooManyRequests')).toHaveLength(7);
  });
});

describe('the counts of windows that are over are swept', () => {
  it('removes old rows as attempts come (every 100th attempt of a process), keeping the current ones', async () => {
    const limiter = new SignInLimiter(h.platform.services.db.reader, 'sign_in_failure', { maxFailuresPerAccount: 1000, maxFailuresPerAddress: 1000, windowSeconds: 2 }, h.platform.services.log);
    const em = h.platform.services.db.orm.em.fork();
    const connection = em.getConnection();
    await connection.execute(`insert into sign_in_failure (key, window_start, failures) select 'address:old-' || i, now() - interval '1 hour', 3 from generate_series(1, 50) as i`);
    const old = async () => Number((await connection.execute<Array<{ n: string }>>(`select count(*) as n from sign_in_failure where key like 'address:old-%'`))[0].n);
    expect(await old()).toBe(50);
    for (let i = 0; i < 100; i += 1) await limiter.attempt(`sweeper${i}@example.org`, '192.0.2.200');
    expect(await old()).toBe(0);
    // This window's rows stay.
    expect(Number((await connection.execute<Array<{ n: string }>>(`select count(*) as n from sign_in_failure where key = 'address:192.0.2.200'`))[0].n)).toBe(1);
  });
});

describe('what a sign-in costs', () => {
  it('a failed baseauth costs the count and the account lookup; a successful one also takes its attempt back', async () => {
    const lou = await h.newUser('lou');
    await baseauth(h.api, lou.email, lou.password, freshAddress());
    const failed = await baseauth(h.api, lou.email, 'wrong', freshAddress());
    const succeeded = await baseauth(h.api, lou.email, lou.password, freshAddress());
    expect([failed.status, h.queriesOf(failed)]).toEqual([401, 2]);
    expect(succeeded.status).toBe(200);
    // The same answer as before the limits, plus the count and the taking back.
    expect(h.queriesOf(succeeded)).toBe(h.queriesOf(failed) + 1 + 1);
  });
});

describe("the depot's sign-ins are limited too", () => {
  let depot: TestDepot;
  beforeAll(async () => {
    depot = await startTestDepot(LIMITS);
  });
  afterAll(() => depot.close());

  it('refuses baseauth after 3 failures of an account, with a 429; the login mutation answers one refusal', async () => {
    const mia = await depot.newUser('mia');
    for (let i = 0; i < 3; i += 1) {
      const res = await depot.api.get('/api/authenticate/baseauth').set('Authorization', basic(mia.email, 'wrong')).set('X-Forwarded-For', freshAddress());
      expect(res.status).toBe(401);
    }
    // By name or by email, it is the same account.
    const byName = await depot.api.get('/api/authenticate/baseauth').set('Authorization', basic(mia.username, mia.password)).set('X-Forwarded-For', freshAddress());
    expect([byName.status, byName.body.err_code, Number(byName.headers['retry-after']) > 0]).toEqual([429, 429001, true]);
    const byEmail = await depot.api.get('/api/authenticate/baseauth').set('Authorization', basic(mia.email, mia.password)).set('X-Forwarded-For', freshAddress());
    expect(byEmail.status).toBe(429);
    const other = await depot.newUser('noa');
    expect((await depot.api.get('/api/authenticate/baseauth').set('Authorization', basic(other.email, other.password)).set('X-Forwarded-For', freshAddress())).status).toBe(200);
    const graph = (query: string) => depot.api.post('/graphql').set('X-Forwarded-For', freshAddress()).send({ query });
    const unknown = await graph('mutation { login(login: "nobody@example.org", password: "x") { username } }');
    const wrong = await graph(`mutation { login(login: "${other.username}", password: "x") { username } }`);
    expect(unknown.body.errors[0].message).toBe('Invalid email or password.');
    expect(wrong.body.errors[0].message).toBe(unknown.body.errors[0].message);
    expect(wrong.body.errors[0].extensions.code).toBe(unknown.body.errors[0].extensions.code);
  });
});
