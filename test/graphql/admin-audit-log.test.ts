import { sql } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;

const LOG = `query ($first: Int!, $after: String, $action: String, $actor: String, $target: String) {
  adminAuditLog(first: $first, after: $after, action: $action, actor: $actor, target: $target) {
    pageInfo { hasNextPage endCursor }
    edges { node { id createTime actorId actorEmail action targetType targetId targetLabel details clientAddress } }
  }
}`;

type Entry = { id: string; createTime: string; actorId: string | null; actorEmail: string; action: string; targetType: string | null; targetId: string | null; targetLabel: string | null; details: Record<string, unknown>; clientAddress: string | null };

async function gql(key: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await h.api.post('/graphql').set('x-api-key', key).send({ query, variables });
  return res.body as { data?: Record<string, unknown>; errors?: Array<{ message: string; extensions?: { code?: string } }> };
}

async function log(variables: Record<string, unknown> = {}): Promise<{ entries: Entry[]; hasNextPage: boolean; endCursor: string | null }> {
  const body = await gql(h.admin.key, LOG, { first: 50, ...variables });
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  const page = body.data?.adminAuditLog as { edges: Array<{ node: Entry }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
  return { entries: page.edges.map((edge) => edge.node), ...page.pageInfo };
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
});
afterAll(() => h?.close());

describe('adminAuditLog: every administrative action on record', () => {
  it('records a role created through REST and a group through the graph: who, what, on what, from where', async () => {
    const role = await h.api.post('/api/roles').set('x-api-key', h.admin.key).send({ name: 'sequencing', description: 'the sequencing core' });
    expect(role.status).toBe(200);
    const group = await gql(h.admin.key, 'mutation { createGroup(input: { name: "core staff" }) { id name } }');
    expect(group.errors).toBeUndefined();
    const { entries } = await log();
    const [groupEntry, roleEntry] = entries;
    expect(groupEntry).toMatchObject({ action: 'group.create', targetType: 'group', targetLabel: 'core staff', actorEmail: h.admin.email, actorId: h.admin.id });
    expect(roleEntry).toMatchObject({ action: 'role.create', targetType: 'role', targetLabel: 'sequencing', actorEmail: h.admin.email });
    expect(roleEntry.clientAddress).toMatch(/127\.0\.0\.1|::1/);
    expect(new Date(`${roleEntry.createTime}Z`).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps secrets out: a new user\'s password is hidden, and the API key an administrator made is never stored', async () => {
    const made = await h.api.post('/api/users').set('x-api-key', h.admin.key).send({ username: 'newcomer', email: 'newcomer@example.org', password: 'a secret phrase' });
    expect(made.status).toBe(200);
    const key = await h.api.post(`/api/users/${made.body.id}/api_key`).set('x-api-key', h.admin.key);
    expect(key.status).toBe(200);
    const { entries } = await log({ action: 'user', actor: 'admin@' });
    expect(entries.map((entry) => entry.action)).toEqual(['user.create_api_key', 'user.create']);
    expect(entries[1].details).toMatchObject({ input: { email: 'newcomer@example.org', password: '[hidden]' } });
    expect(entries[0]).toMatchObject({ targetType: 'user', targetId: made.body.id });
    expect(JSON.stringify(entries)).not.toContain('a secret phrase');
    expect(JSON.stringify(entries)).not.toContain(String(key.body));
  });

  it('records the master API key as its actor, and keeps an entry when its actor is purged from the database', async () => {
    const made = await gql(h.masterKey, 'mutation { createRole(input: { name: "by the operator", description: "made with the master key" }) { id } }');
    expect(made.errors).toBeUndefined();
    const [entry] = (await log({ action: 'role.create' })).entries;
    expect(entry).toMatchObject({ actorEmail: 'master API key', actorId: null, targetLabel: 'by the operator' });
    // No foreign key ties an entry to its actor: one whose actor's row is gone (purged) is still listed, with the email it had.
    await sql(h, "insert into admin_audit_entry (actor_id, actor_email, action, target_type, target_label) values (987654, 'gone@example.org', 'quota.create', 'quota', 'gone')", []);
    const [kept] = (await log({ target: 'gone' })).entries;
    expect(kept).toMatchObject({ actorEmail: 'gone@example.org', action: 'quota.create' });
    expect(kept.actorId).toEqual(expect.any(String));
  });

  it('filters by action area, actor fragment and target, and pages by cursor without repeating an entry', async () => {
    for (let n = 0; n < 7; n += 1) {
      const body = await gql(h.admin.key, `mutation { createGroup(input: { name: "paged ${n}" }) { id } }`);
      expect(body.errors).toBeUndefined();
    }
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await log({ first: 3, after, action: 'group', target: 'paged' });
      seen.push(...page.entries.map((entry) => entry.targetLabel ?? ''));
      if (!page.hasNextPage) break;
      after = page.endCursor;
    }
    expect(seen).toEqual(['paged 6', 'paged 5', 'paged 4', 'paged 3', 'paged 2', 'paged 1', 'paged 0']);
    expect((await log({ actor: 'nobody-like-this' })).entries).toEqual([]);
    expect((await log({ actor: h.admin.email.slice(0, 5), action: 'group.create', first: 1 })).entries).toHaveLength(1);
  });

  it('does not record a failed action, nor an ordinary user\'s own work', async () => {
    const before = (await log({ first: 500 })).entries.length;
    const refused = await gql(h.admin.key, 'mutation { createGroup(input: { name: "core staff" }) { id } }');
    expect(refused.errors).toBeDefined();
    const mine = await gql(alice.key, 'mutation { createHistory(input: { name: "alice at work" }) { id } }');
    expect(mine.errors).toBeUndefined();
    expect((await log({ first: 500 })).entries.length).toBe(before);
    expect(before).toBeGreaterThan(0);
  });

  it('is for administrators only: a user is refused with the contract\'s admin error, a bad cursor is an invalid input', async () => {
    const refused = await gql(alice.key, LOG, { first: 5 });
    expect(refused.errors?.[0].message).toMatch(/administrator/);
    const bad = await gql(h.admin.key, LOG, { first: 5, after: 'not a cursor' });
    expect(bad.errors?.[0].message).toMatch(/Invalid cursor/);
  });
});
