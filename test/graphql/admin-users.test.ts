import { existsSync } from 'node:fs';
import request from 'supertest';
import { createHistory, uploadText } from '../support/data-helpers';
import { sql, waitForJobState } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * The administrators' work on users (issue 36, the Users screens): the paged search, edits, a new
 * password, delete, undelete and purge with its plan, disk usage, impersonation; each refused to a
 * user who is not an administrator and to bad input with the contract's errors, each on the audit log.
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

type GraphError = { message: string; extensions?: { code?: string; status?: number } };
type Answer = { data?: Record<string, unknown> | null; errors?: GraphError[] };
type UserRow = { id: string; email: string; username: string | null; deleted: boolean; purged: boolean; totalDiskUsage: number };

async function gql(key: string, query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
  const res = await h.api.post('/graphql').set('x-api-key', key).send({ query, variables });
  return res.body as Answer;
}

async function ok<T>(key: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await gql(key, query, variables);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}

const USER_FIELDS = 'id email username deleted purged totalDiskUsage';
const PAGE = `query ($first: Int!, $after: String, $search: String, $deleted: Boolean) {
  usersPage(first: $first, after: $after, search: $search, deleted: $deleted) {
    pageInfo { hasNextPage endCursor }
    edges { cursor node { ${USER_FIELDS} niceTotalDiskUsage quotaPercent } }
  }
}`;

async function page(variables: Record<string, unknown>): Promise<{ users: UserRow[]; hasNextPage: boolean; endCursor: string | null }> {
  const data = await ok<{ usersPage: { edges: Array<{ node: UserRow }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }>(h.admin.key, PAGE, {
    first: 50,
    ...variables,
  });
  return { users: data.usersPage.edges.map((edge) => edge.node), ...data.usersPage.pageInfo };
}

async function auditActions(action: string): Promise<Array<{ action: string; targetId: string | null; targetLabel: string | null; actorEmail: string; details: Record<string, unknown> }>> {
  const data = await ok<{ adminAuditLog: { edges: Array<{ node: { action: string; targetId: string | null; targetLabel: string | null; actorEmail: string; details: Record<string, unknown> } }> } }>(
    h.admin.key,
    'query ($action: String) { adminAuditLog(first: 50, action: $action) { edges { node { action targetId targetLabel actorEmail details } } } }',
    { action },
  );
  return data.adminAuditLog.edges.map((edge) => edge.node);
}

const baseauth = (email: string, password: string) =>
  h.api.get('/api/authenticate/baseauth').set('Authorization', `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`);

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
});
afterAll(() => h?.close());

describe('usersPage: administrators page through users and search by a fragment of email or public name', () => {
  it('finds a user by a fragment of their email in any case, and by their public name', async () => {
    await h.newUser('carol-sequencing');
    expect((await page({ search: 'SEQUENC' })).users.map((user) => user.email)).toEqual(['carol-sequencing@example.org']);
    expect((await page({ search: 'ali' })).users).toEqual([expect.objectContaining({ email: alice.email, username: 'alice', deleted: false, purged: false })]);
    // The fragment is taken as typed: `%` and `_` are no wildcards.
    expect((await page({ search: '%' })).users).toEqual([]);
    expect((await page({ search: 'a_i' })).users).toEqual([]);
  });

  it('pages by cursor without repeating a user, with the usage and quota columns', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const next = await page({ first: 2, after });
      seen.push(...next.users.map((user) => user.email));
      expect(next.users.every((user) => typeof user.totalDiskUsage === 'number')).toBe(true);
      if (!next.hasNextPage) break;
      after = next.endCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([h.admin.email, alice.email, bob.email]));
  });

  it('costs the same number of SQL statements for a page of 2 users as for a page of 50', async () => {
    for (let n = 0; n < 4; n += 1) await h.newUser();
    await h.warmKeys(h.admin.key);
    const cost = async (first: number) => h.queriesOf(await h.api.post('/graphql').set('x-api-key', h.admin.key).send({ query: PAGE, variables: { first } }));
    expect(await cost(50)).toBe(await cost(2));
  });

  it('lists deleted users only, active users only, or both', async () => {
    const gone = await h.newUser('gone-soon');
    await ok(h.admin.key, 'mutation ($id: ID!) { deleteUser(id: $id) { id } }', { id: gone.id });
    expect((await page({ deleted: true })).users.map((user) => user.email)).toContain(gone.email);
    expect((await page({ deleted: false })).users.map((user) => user.email)).not.toContain(gone.email);
    expect((await page({ search: 'gone-soon' })).users).toEqual([expect.objectContaining({ deleted: true })]);
  });

  it('is for administrators only; a bad cursor or page size is an invalid input', async () => {
    const refused = await gql(alice.key, PAGE, { first: 5 });
    expect(refused.errors?.[0].message).toMatch(/admin/i);
    expect((await gql(h.admin.key, PAGE, { first: 5, after: 'not a cursor' })).errors?.[0].message).toMatch(/Invalid cursor/);
    expect((await gql(h.admin.key, PAGE, { first: 5000 })).errors?.[0].message).toMatch(/first must be/);
  });
});

const UPDATE = `mutation ($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { ${USER_FIELDS} roles { name type } } }`;

describe("updateUser: an administrator changes a user's email and public name with the registration's rules", () => {
  it('changes both, and the private role follows the email', async () => {
    const dave = await h.newUser('dave');
    const data = await ok<{ updateUser: UserRow & { roles: Array<{ name: string; type: string }> } }>(h.admin.key, UPDATE, {
      id: dave.id,
      input: { email: 'david@example.org', username: 'david' },
    });
    expect(data.updateUser).toMatchObject({ email: 'david@example.org', username: 'david' });
    expect(data.updateUser.roles).toContainEqual({ name: 'david@example.org', type: 'private' });
    const [entry] = await auditActions('user.update');
    expect(entry).toMatchObject({ targetId: dave.id, targetLabel: 'david@example.org', actorEmail: h.admin.email });
  });

  it("refuses a taken email or public name, a malformed one, an unknown or malformed id, and a user who is not an administrator", async () => {
    expect((await gql(h.admin.key, UPDATE, { id: bob.id, input: { email: alice.email } })).errors?.[0]).toMatchObject({
      message: 'User with that email already exists.',
      extensions: { status: 400 },
    });
    expect((await gql(h.admin.key, UPDATE, { id: bob.id, input: { username: 'alice' } })).errors?.[0].message).toBe('Public name is taken; please choose another.');
    expect((await gql(h.admin.key, UPDATE, { id: bob.id, input: { email: 'no-at-sign' } })).errors?.[0].message).toBe('The format of the email address is not correct.');
    expect((await gql(h.admin.key, UPDATE, { id: bob.id, input: { username: 'Bob Smith' } })).errors?.[0].message).toMatch(/lower-case/);
    expect((await gql(h.admin.key, UPDATE, { id: 'f7bb1edd6b95db62', input: { username: 'x-y-z' } })).errors?.[0].extensions).toMatchObject({ status: 404 });
    expect((await gql(h.admin.key, UPDATE, { id: 'nonsense', input: { username: 'x-y-z' } })).errors?.[0].extensions).toMatchObject({ status: 400 });
    expect((await gql(alice.key, UPDATE, { id: bob.id, input: { username: 'bobby' } })).errors?.[0].extensions).toMatchObject({ status: 403 });
    // Keeping one's own email is no conflict.
    expect((await ok<{ updateUser: UserRow }>(h.admin.key, UPDATE, { id: bob.id, input: { email: bob.email } })).updateUser.email).toBe(bob.email);
  });
});

const RESET = 'mutation ($id: ID!, $password: String!, $confirmPassword: String!) { resetUserPassword(id: $id, password: $password, confirmPassword: $confirmPassword) { id email } }';

describe('resetUserPassword: the user then signs in with the new password', () => {
  it('sets it, the old one stops working, and the log never holds it', async () => {
    const erin = await h.newUser('erin');
    await ok(h.admin.key, RESET, { id: erin.id, password: 'a fresh start', confirmPassword: 'a fresh start' });
    expect((await baseauth(erin.email, 'a fresh start')).status).toBe(200);
    expect((await baseauth(erin.email, erin.password)).status).toBe(401);
    // As in 15.05, the user's keys keep working.
    expect((await h.api.get('/api/users/current').set('x-api-key', erin.key)).status).toBe(200);
    const [entry] = await auditActions('user.reset_password');
    expect(entry).toMatchObject({ targetId: erin.id, targetLabel: erin.email, details: { password: '[hidden]', confirmPassword: '[hidden]' } });
    expect(JSON.stringify(entry)).not.toContain('a fresh start');
  });

  it('refuses a short password, two that differ, and a user who is not an administrator', async () => {
    expect((await gql(h.admin.key, RESET, { id: bob.id, password: 'short', confirmPassword: 'short' })).errors?.[0].message).toBe('Use a password of at least 6 characters.');
    expect((await gql(h.admin.key, RESET, { id: bob.id, password: 'long enough', confirmPassword: 'long enougH' })).errors?.[0].message).toBe('Passwords do not match.');
    expect((await gql(bob.key, RESET, { id: alice.id, password: 'taken over', confirmPassword: 'taken over' })).errors?.[0].extensions).toMatchObject({ status: 403 });
    expect((await baseauth(alice.email, alice.password)).status).toBe(200);
  });
});

const DELETE = `mutation ($id: ID!) { deleteUser(id: $id) { ${USER_FIELDS} } }`;
const UNDELETE = `mutation ($id: ID!) { undeleteUser(id: $id) { ${USER_FIELDS} } }`;

describe('deleteUser and undeleteUser', () => {
  it("deletes a user (their key stops working) and brings them back", async () => {
    const fay = await h.newUser('fay');
    expect((await ok<{ deleteUser: UserRow }>(h.admin.key, DELETE, { id: fay.id })).deleteUser).toMatchObject({ deleted: true, purged: false });
    expect((await h.api.get('/api/users/current').set('x-api-key', fay.key)).status).toBe(403);
    expect((await gql(h.admin.key, DELETE, { id: fay.id })).errors?.[0].message).toBe(`User '${fay.email}' has already been deleted.`);
    expect((await ok<{ undeleteUser: UserRow }>(h.admin.key, UNDELETE, { id: fay.id })).undeleteUser).toMatchObject({ deleted: false });
    expect((await h.api.get('/api/users/current').set('x-api-key', fay.key)).status).toBe(200);
    expect((await gql(h.admin.key, UNDELETE, { id: fay.id })).errors?.[0].message).toBe(`User '${fay.email}' has not been deleted, so it cannot be undeleted.`);
    expect((await auditActions('user.delete'))[0]).toMatchObject({ targetId: fay.id, targetLabel: fay.email });
  });

  it('refuses an administrator deleting their own account, and a user who is not an administrator', async () => {
    expect((await gql(h.admin.key, DELETE, { id: h.admin.id })).errors?.[0].message).toBe('You cannot delete your own account.');
    expect((await gql(alice.key, DELETE, { id: bob.id })).errors?.[0].extensions).toMatchObject({ status: 403 });
  });
});

const PLAN = 'query ($id: ID!) { userPurgePlan(id: $id) { email replacementEmail histories historyDatasets datasetFiles groupMemberships roleMemberships apiKeys sessions diskUsage } }';
const PURGE = `mutation ($id: ID!) { purgeUser(id: $id) { ${USER_FIELDS} } }`;

describe("userPurgePlan and purgeUser: what purging removes, said before it is done, then done", () => {
  it('counts what goes, refuses a user not deleted, then purges: histories, datasets and their files, memberships, keys, the email', async () => {
    const gus = await h.newUser('gus');
    const historyId = await createHistory(h, gus.key, 'to be purged');
    const upload = await uploadText(h, gus.key, historyId, 'purge me\n', { fileType: 'txt' });
    await waitForJobState(h, gus.key, upload.jobId, ['ok']);
    const group = await ok<{ createGroup: { id: string } }>(h.admin.key, 'mutation ($u: [ID!]) { createGroup(input: { name: "purge-crew", userIds: $u }) { id } }', { u: [gus.id] });
    expect(group.createGroup.id).toBeTruthy();
    const [dataset] = await sql<{ id: number }>(h, "select d.id from dataset d join history_dataset_association hda on hda.dataset_id = d.id join history hs on hs.id = hda.history_id where hs.name = 'to be purged'");
    const file = h.platform.services.layout.objects.pathOf({ id: Number(dataset.id) });
    expect(existsSync(file)).toBe(true);

    const plan = (await ok<{ userPurgePlan: Record<string, unknown> }>(h.admin.key, PLAN, { id: gus.id })).userPurgePlan;
    expect(plan).toMatchObject({ email: gus.email, histories: 1, historyDatasets: 1, datasetFiles: 1, groupMemberships: 1, roleMemberships: 0, apiKeys: 1, sessions: 0 });
    expect(plan.diskUsage).toBeGreaterThan(0);
    expect((await gql(h.admin.key, PURGE, { id: gus.id })).errors?.[0].message).toBe(`User '${gus.email}' has not been deleted, so it cannot be purged.`);

    await ok(h.admin.key, DELETE, { id: gus.id });
    const purged = (await ok<{ purgeUser: UserRow }>(h.admin.key, PURGE, { id: gus.id })).purgeUser;
    expect(purged).toMatchObject({ id: gus.id, deleted: true, purged: true, email: plan.replacementEmail, username: null, totalDiskUsage: 0 });
    const [after] = await sql<{ histories: string; hdas: string; datasets: string; groups: string; keys: string; roles: string }>(
      h,
      `select (select count(*) from history where user_id = u.id and not purged) as histories,
              (select count(*) from history_dataset_association hda join history hs on hs.id = hda.history_id where hs.user_id = u.id and not hda.purged) as hdas,
              (select count(*) from dataset d join history_dataset_association hda on hda.dataset_id = d.id join history hs on hs.id = hda.history_id where hs.user_id = u.id and not d.purged) as datasets,
              (select count(*) from user_group_association where user_id = u.id) as groups,
              (select count(*) from api_keys where user_id = u.id) as keys,
              (select string_agg(r.name, ',') from role r join user_role_association ura on ura.role_id = r.id where ura.user_id = u.id) as roles
         from galaxy_user u where u.email = ?`,
      [plan.replacementEmail],
    );
    expect(existsSync(file)).toBe(false);
    expect(after).toMatchObject({ histories: '0', hdas: '0', datasets: '0', groups: '0', keys: '0', roles: plan.replacementEmail });
    expect((await gql(h.admin.key, PURGE, { id: gus.id })).errors?.[0].message).toMatch(/has been purged/);
    expect((await gql(h.admin.key, UNDELETE, { id: gus.id })).errors?.[0].message).toMatch(/has been purged, so it cannot be undeleted/);
    expect((await auditActions('user.purge'))[0]).toMatchObject({ targetId: gus.id });
  });

  it('is for administrators only', async () => {
    expect((await gql(alice.key, PLAN, { id: bob.id })).errors?.[0].extensions).toMatchObject({ status: 403 });
    expect((await gql(alice.key, PURGE, { id: bob.id })).errors?.[0].extensions).toMatchObject({ status: 403 });
    expect((await gql(h.admin.key, PLAN, { id: 'f7bb1edd6b95db62' })).errors?.[0].extensions).toMatchObject({ status: 404 });
  });
});

describe('adminUser: any user for an administrator, deleted and purged ones too', () => {
  it('reads a deleted user with their roles and groups; refuses a user who is not an administrator', async () => {
    const ivy = await h.newUser('ivy');
    await ok(h.admin.key, DELETE, { id: ivy.id });
    const data = await ok<{ adminUser: UserRow & { roles: Array<{ name: string }>; groups: unknown[] } }>(
      h.admin.key,
      `query ($id: ID!) { adminUser(id: $id) { ${USER_FIELDS} roles { name } groups { name } } }`,
      { id: ivy.id },
    );
    expect(data.adminUser).toMatchObject({ email: ivy.email, deleted: true, roles: [{ name: ivy.email }], groups: [] });
    expect((await gql(alice.key, 'query ($id: ID!) { adminUser(id: $id) { id } }', { id: bob.id })).errors?.[0].extensions).toMatchObject({ status: 403 });
  });
});

describe('recalculateUserDiskUsage: the usage counted again from the datasets', () => {
  it('replaces a wrong figure with the sum of the user\'s datasets and returns it', async () => {
    const hana = await h.newUser('hana');
    const historyId = await createHistory(h, hana.key);
    const upload = await uploadText(h, hana.key, historyId, '0123456789\n', { fileType: 'txt' });
    await waitForJobState(h, hana.key, upload.jobId, ['ok']);
    const [right] = await sql<{ usage: string }>(h, 'select total_disk_usage as usage from galaxy_user where email = ?', [hana.email]);
    await sql(h, 'update galaxy_user set total_disk_usage = 999999 where email = ?', [hana.email]);
    const data = await ok<{ recalculateUserDiskUsage: UserRow & { niceTotalDiskUsage: string } }>(
      h.admin.key,
      'mutation ($id: ID!) { recalculateUserDiskUsage(id: $id) { totalDiskUsage niceTotalDiskUsage } }',
      { id: hana.id },
    );
    expect(data.recalculateUserDiskUsage.totalDiskUsage).toBe(Number(right.usage));
    expect(Number(right.usage)).toBeGreaterThan(0);
    expect((await gql(hana.key, 'mutation ($id: ID!) { recalculateUserDiskUsage(id: $id) { id } }', { id: hana.id })).errors?.[0].extensions).toMatchObject({ status: 403 });
  });
});

describe('impersonateUser: only when the configuration allows it, switching the browser session, on record', () => {
  const IMPERSONATE = 'mutation ($id: ID!) { impersonateUser(id: $id) { email } }';
  const config = () => h.platform.services.config as { allowUserImpersonation: boolean };
  afterEach(() => {
    config().allowUserImpersonation = false;
  });

  it('is refused while ALLOW_USER_IMPERSONATION is off (the default)', async () => {
    expect((await ok<{ userImpersonationAllowed: boolean }>(h.admin.key, '{ userImpersonationAllowed }')).userImpersonationAllowed).toBe(false);
    expect((await gql(h.admin.key, IMPERSONATE, { id: alice.id })).errors?.[0]).toMatchObject({
      message: expect.stringContaining('ALLOW_USER_IMPERSONATION'),
      extensions: { code: 'ConfigDoesNotAllowException' },
    });
  });

  it("makes the administrator's browser session the user's, ends the administrator's, and records it", async () => {
    config().allowUserImpersonation = true;
    const browser = request.agent(h.platform.http.app);
    const login = await browser.post('/graphql').send({ query: 'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { email } }', variables: { e: h.admin.email, p: h.admin.password } });
    expect(login.body.errors).toBeUndefined();
    const adminCookie = String(login.headers['set-cookie']).split(';')[0];
    const switched = await browser.post('/graphql').send({ query: IMPERSONATE, variables: { id: alice.id } });
    expect(switched.body).toEqual({ data: { impersonateUser: { email: alice.email } } });
    expect((await browser.post('/graphql').send({ query: '{ viewer { user { email } } }' })).body.data.viewer.user).toEqual({ email: alice.email });
    // The administrator's own session is over.
    const old = await request(h.platform.http.app).post('/graphql').set('Cookie', adminCookie).send({ query: '{ viewer { user { email } } }' });
    expect(old.body.data.viewer.user).toBeNull();
    expect((await auditActions('user.impersonate'))[0]).toMatchObject({ actorEmail: h.admin.email, targetId: alice.id, targetLabel: alice.email });
  });

  it('needs a browser session, a user not deleted, and an administrator', async () => {
    config().allowUserImpersonation = true;
    expect((await gql(h.admin.key, IMPERSONATE, { id: alice.id })).errors?.[0].message).toMatch(/browser/);
    expect((await gql(alice.key, IMPERSONATE, { id: bob.id })).errors?.[0].extensions).toMatchObject({ status: 403 });
  });
});

describe('every field is refused to a user who is not an administrator, and to an anonymous caller', () => {
  const FIELDS: Array<[string, string, Record<string, unknown>]> = [
    ['usersPage', '{ usersPage(first: 5) { edges { cursor } } }', {}],
    ['adminUser', 'query ($id: ID!) { adminUser(id: $id) { id } }', { id: 'BOB' }],
    ['userPurgePlan', 'query ($id: ID!) { userPurgePlan(id: $id) { histories } }', { id: 'BOB' }],
    ['userImpersonationAllowed', '{ userImpersonationAllowed }', {}],
    ['updateUser', 'mutation ($id: ID!) { updateUser(id: $id, input: { username: "taken-over" }) { id } }', { id: 'BOB' }],
    ['resetUserPassword', 'mutation ($id: ID!) { resetUserPassword(id: $id, password: "taken over", confirmPassword: "taken over") { id } }', { id: 'BOB' }],
    ['deleteUser', DELETE, { id: 'BOB' }],
    ['undeleteUser', UNDELETE, { id: 'BOB' }],
    ['purgeUser', PURGE, { id: 'BOB' }],
    ['recalculateUserDiskUsage', 'mutation ($id: ID!) { recalculateUserDiskUsage(id: $id) { id } }', { id: 'BOB' }],
    ['impersonateUser', 'mutation ($id: ID!) { impersonateUser(id: $id) { id } }', { id: 'BOB' }],
  ];
  it.each(FIELDS)('%s', async (_name, query, variables) => {
    const withBob = Object.fromEntries(Object.entries(variables).map(([key, value]) => [key, value === 'BOB' ? bob.id : value]));
    expect((await gql(alice.key, query, withBob)).errors?.[0].extensions).toMatchObject({ status: 403 });
    const anonymous = (await h.api.post('/graphql').send({ query, variables: withBob })).body as Answer;
    expect(anonymous.errors?.[0].extensions?.status).toEqual(expect.any(Number));
    expect(anonymous.data?.[_name] ?? null).toBeNull();
  });
  it('leaves the user as they were', async () => {
    expect((await baseauth(bob.email, bob.password)).status).toBe(200);
    expect((await page({ search: 'bob' })).users).toEqual([expect.objectContaining({ email: bob.email, username: 'bob', deleted: false })]);
  });
});

describe('the REST contract is unchanged', () => {
  it('still answers 501 for PUT and DELETE /api/users/{id}', async () => {
    expect((await h.api.put(`/api/users/${bob.id}`).set('x-api-key', h.admin.key).send({ username: 'bobby' })).status).toBe(501);
    expect((await h.api.delete(`/api/users/${bob.id}`).set('x-api-key', h.admin.key)).status).toBe(501);
  });
});
