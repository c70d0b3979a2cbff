import { addDataset, createGroup, createLibrary, createRole, type LibraryRef, type Named } from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * The graph of the administration's Roles, Groups and Quotas screens and of the permissions edited
 * in the library browser (issue 36, items 2 and 3): each new field, the refusal for anyone else,
 * bad input, private roles left alone, purges, and the audit log.
 */

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let library: LibraryRef;

type Body = { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: { code?: string; err_code?: number } }> };

async function gql(key: string, query: string, variables: Record<string, unknown> = {}): Promise<Body> {
  const res = await h.api.post('/graphql').set('x-api-key', key).send({ query, variables });
  return res.body as Body;
}

async function ok<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}, key = h.admin.key): Promise<T> {
  const body = await gql(key, query, variables);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}

async function refused(key: string, query: string, variables: Record<string, unknown> = {}): Promise<string> {
  const body = await gql(key, query, variables);
  expect(body.errors?.length).toBeGreaterThan(0);
  expect(body.data ?? null).toBeNull();
  return body.errors?.[0].message ?? '';
}

async function lastActions(count: number): Promise<Array<{ action: string; targetType: string | null; targetId: string | null }>> {
  const data = await ok<{ adminAuditLog: { edges: Array<{ node: { action: string; targetType: string | null; targetId: string | null } }> } }>(
    `query ($first: Int!) { adminAuditLog(first: $first) { edges { node { action targetType targetId } } } }`,
    { first: count },
  );
  return data.adminAuditLog.edges.map((edge) => edge.node);
}

const ROLE = 'id name description type deleted users { id email } groups { id name }';

async function privateRoleOf(user: TestUser): Promise<string> {
  const data = await ok<{ adminRoles: { nodes: Array<{ id: string; type: string; name: string }> } }>(
    'query ($search: String) { adminRoles(first: 10, search: $search, includePrivate: true) { nodes { id type name } } }',
    { search: user.email },
  );
  const role = data.adminRoles.nodes.find((node) => node.type === 'private' && node.name === user.email);
  if (!role) throw new Error(`no private role for ${user.email}`);
  return role.id;
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  library = await createLibrary(h, 'Restricted things');
}, patient(60000));
afterAll(() => h?.close());

describe('adminRoles: roles paged by cursor, searched, private ones on request', () => {
  it('pages without repeating a role, searches name and description, and leaves private roles out unless asked', async () => {
    for (let n = 0; n < 5; n += 1) await createRole(h, `paged role ${n}`);
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const data: { adminRoles: { nodes: Array<{ name: string; type: string }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } = await ok(
        'query ($after: String) { adminRoles(first: 2, after: $after, search: "paged role") { nodes { name type } pageInfo { hasNextPage endCursor } } }',
        { after },
      );
      seen.push(...data.adminRoles.nodes.map((node) => node.name));
      if (!data.adminRoles.pageInfo.hasNextPage) break;
      after = data.adminRoles.pageInfo.endCursor;
    }
    expect(seen).toEqual(['paged role 0', 'paged role 1', 'paged role 2', 'paged role 3', 'paged role 4']);
    const all = await ok<{ adminRoles: { nodes: Array<{ type: string }> } }>('{ adminRoles(first: 200) { nodes { type } } }');
    expect(all.adminRoles.nodes.some((node) => node.type === 'private')).toBe(false);
    expect(await privateRoleOf(alice)).toEqual(expect.any(String));
  });

  it('refuses a non-administrator, a page too large and a malformed cursor', async () => {
    await refused(alice.key, '{ adminRoles(first: 10) { nodes { id } } }');
    expect(await refused(h.admin.key, '{ adminRoles(first: 1000) { nodes { id } } }')).toMatch(/first must be/);
    expect(await refused(h.admin.key, '{ adminRoles(first: 10, after: "nonsense") { nodes { id } } }')).toMatch(/cursor/i);
  });
});

describe('updateRole: name, description and members replaced, audited', () => {
  it('renames, describes and replaces users and groups in one call, and the audit log names the role', async () => {
    const role = await createRole(h, 'editors', { users: [alice] });
    const staff = await createGroup(h, 'staff');
    const data = await ok<{ updateRole: { name: string; description: string; users: Array<{ email: string }>; groups: Array<{ name: string }> } }>(
      `mutation ($id: ID!, $input: RoleUpdateInput!) { updateRole(id: $id, input: $input) { ${ROLE} } }`,
      { id: role.id, input: { name: 'reviewers', description: 'they review', userIds: [bob.id], groupIds: [staff.id] } },
    );
    expect(data.updateRole).toMatchObject({ name: 'reviewers', description: 'they review', users: [{ email: bob.email }], groups: [{ name: 'staff' }] });
    const kept = await ok<{ updateRole: { users: Array<{ email: string }> } }>(
      `mutation ($id: ID!) { updateRole(id: $id, input: { description: "only the description" }) { ${ROLE} } }`,
      { id: role.id },
    );
    expect(kept.updateRole.users).toEqual([expect.objectContaining({ email: bob.email })]);
    expect((await lastActions(2)).map((entry) => entry.action)).toEqual(['role.update', 'role.update']);
    expect((await lastActions(1))[0]).toMatchObject({ targetType: 'role', targetId: role.id });
  });

  it('refuses a non-administrator, an empty or taken name, an unknown user and a private role', async () => {
    const role = await createRole(h, 'guarded');
    await createRole(h, 'taken name');
    const update = `mutation ($id: ID!, $input: RoleUpdateInput!) { updateRole(id: $id, input: $input) { id } }`;
    await refused(alice.key, update, { id: role.id, input: { name: 'mine now' } });
    expect(await refused(h.admin.key, update, { id: role.id, input: { name: '  ' } })).toMatch(/valid name/);
    expect(await refused(h.admin.key, update, { id: role.id, input: { name: 'taken name' } })).toMatch(/already exists/);
    expect(await refused(h.admin.key, update, { id: role.id, input: { userIds: ['f7bb1edd6b95db62'] } })).toMatch(/user/i);
    expect(await refused(h.admin.key, update, { id: 'not an id', input: { name: 'x' } })).toMatch(/role/i);
    const own = await privateRoleOf(alice);
    expect(await refused(h.admin.key, update, { id: own, input: { name: 'hijacked' } })).toMatch(/Private role/);
    expect(await refused(h.admin.key, 'mutation ($id: ID!) { deleteRole(id: $id) { id } }', { id: own })).toMatch(/Private role/);
  });
});

describe('deleteRole, undeleteRole, purgeRole', () => {
  it('deletes and undeletes; purging a deleted role takes its members and the permissions it grants', async () => {
    const staff = await createGroup(h, 'purge staff');
    const role = await createRole(h, 'short-lived', { users: [alice], groupIds: [staff.id] });
    const dataset = await addDataset(h, library.root_folder_id, 'guarded.txt');
    await ok('mutation ($id: ID!, $roles: PermissionRolesInput!) { setLibraryDatasetPermissions(id: $id, action: "set_permissions", roles: $roles) { current { access } } }', {
      id: dataset.id,
      roles: { access: [role.name] },
    });
    expect(await refused(h.admin.key, 'mutation ($id: ID!) { purgeRole(id: $id) { id } }', { id: role.id })).toMatch(/must be deleted/);
    expect((await ok<{ deleteRole: { deleted: boolean } }>('mutation ($id: ID!) { deleteRole(id: $id) { deleted } }', { id: role.id })).deleteRole.deleted).toBe(true);
    expect(await refused(h.admin.key, 'mutation ($id: ID!) { deleteRole(id: $id) { id } }', { id: role.id })).toMatch(/already deleted/);
    const deleted = await ok<{ adminRoles: { nodes: Array<{ id: string }> } }>('{ adminRoles(first: 50, deleted: true) { nodes { id } } }');
    expect(deleted.adminRoles.nodes.map((node) => node.id)).toContain(role.id);
    const purged = await ok<{ purgeRole: { deleted: boolean; users: unknown[]; groups: unknown[] } }>(`mutation ($id: ID!) { purgeRole(id: $id) { ${ROLE} } }`, { id: role.id });
    expect(purged.purgeRole).toMatchObject({ deleted: true, users: [], groups: [] });
    const permissions = await ok<{ libraryDatasetPermissions: { current: { access: string[] } } }>('query ($id: ID!) { libraryDatasetPermissions(id: $id) { current { access } } }', { id: dataset.id });
    expect(permissions.libraryDatasetPermissions.current.access).toEqual([]);
    expect((await ok<{ undeleteRole: { deleted: boolean } }>('mutation ($id: ID!) { undeleteRole(id: $id) { deleted } }', { id: role.id })).undeleteRole.deleted).toBe(false);
    expect((await lastActions(3)).map((entry) => entry.action)).toEqual(['role.undelete', 'role.purge', 'role.delete']);
  });

  it('refuses a non-administrator', async () => {
    const role = await createRole(h, 'not yours');
    for (const verb of ['deleteRole', 'undeleteRole', 'purgeRole']) await refused(bob.key, `mutation ($id: ID!) { ${verb}(id: $id) { id } }`, { id: role.id });
  });
});

describe('editGroup, deleteGroup, undeleteGroup, purgeGroup, groups(deleted)', () => {
  it('renames and replaces users and roles; delete lists it among the deleted; purge takes users, roles and quotas', async () => {
    const group: Named = await createGroup(h, 'lab', { users: [alice] });
    const role = await createRole(h, 'lab role');
    const edited = await ok<{ editGroup: { name: string; users: Array<{ email: string }>; roles: Array<{ name: string }> } }>(
      'mutation ($id: ID!, $input: GroupEditInput!) { editGroup(id: $id, input: $input) { name users { email } roles { name } } }',
      { id: group.id, input: { name: 'the lab', userIds: [bob.id], roleIds: [role.id] } },
    );
    expect(edited.editGroup).toEqual({ name: 'the lab', users: [{ email: bob.email }], roles: [{ name: 'lab role' }] });
    await ok('mutation ($group: String!) { createQuota(input: { name: "lab quota", description: "for the lab", amount: "1 GB", inGroups: [$group] }) { message } }', { group: group.id });
    await ok('mutation ($id: ID!) { deleteGroup(id: $id) { id } }', { id: group.id });
    const lists = await ok<{ live: Array<{ id: string }>; gone: Array<{ id: string }> }>('{ live: groups { id } gone: groups(deleted: true) { id } }');
    expect(lists.live.map((g) => g.id)).not.toContain(group.id);
    expect(lists.gone.map((g) => g.id)).toContain(group.id);
    await ok('mutation ($id: ID!) { purgeGroup(id: $id) { id } }', { id: group.id });
    const after = await ok<{ group: { users: unknown[]; roles: unknown[]; quotas: unknown[]; deleted: boolean } }>('query ($id: ID!) { group(id: $id) { deleted users { id } roles { id } quotas { id } } }', { id: group.id });
    expect(after.group).toEqual({ deleted: true, users: [], roles: [], quotas: [] });
    await ok('mutation ($id: ID!) { undeleteGroup(id: $id) { id } }', { id: group.id });
    expect((await lastActions(4)).map((entry) => entry.action)).toEqual(['group.undelete', 'group.purge', 'group.delete', 'quota.create']);
  });

  it('refuses a non-administrator, a taken or empty name, a purge before deletion and an unknown group', async () => {
    const group = await createGroup(h, 'kept group');
    await createGroup(h, 'other group');
    const edit = 'mutation ($id: ID!, $input: GroupEditInput!) { editGroup(id: $id, input: $input) { id } }';
    await refused(alice.key, edit, { id: group.id, input: { name: 'mine' } });
    await refused(alice.key, 'mutation ($id: ID!) { deleteGroup(id: $id) { id } }', { id: group.id });
    expect(await refused(h.admin.key, edit, { id: group.id, input: { name: 'other group' } })).toMatch(/already exists/);
    expect(await refused(h.admin.key, edit, { id: group.id, input: { name: '' } })).toMatch(/valid name/);
    expect(await refused(h.admin.key, 'mutation ($id: ID!) { purgeGroup(id: $id) { id } }', { id: group.id })).toMatch(/must be deleted/);
    expect(await refused(h.admin.key, 'mutation { undeleteGroup(id: "f7bb1edd6b95db62") { id } }')).toMatch(/group/i);
  });
});

describe('updateQuota(replaceMembers): the form may leave a quota with no members', () => {
  it('replaces the members, even with none, and keeps them when not asked', async () => {
    await ok('mutation ($user: String!) { createQuota(input: { name: "tier", description: "a tier", amount: "10 GB", operation: "=", inUsers: [$user] }) { message } }', { user: alice.id });
    const quotas = await ok<{ quotas: Array<{ id: string; name: string }> }>('{ quotas { id name } }');
    const tier = quotas.quotas.find((quota) => quota.name === 'tier') as { id: string };
    const users = async () => (await ok<{ quota: { users: Array<{ email: string }> } }>('query ($id: ID!) { quota(id: $id) { users { email } } }', { id: tier.id })).quota.users;
    await ok('mutation ($id: ID!) { updateQuota(id: $id, input: { description: "renamed tier", name: "tier" }) }', { id: tier.id });
    expect(await users()).toEqual([{ email: alice.email }]);
    const said = await ok<{ updateQuota: string }>('mutation ($id: ID!) { updateQuota(id: $id, input: { inUsers: [], inGroups: [] }, replaceMembers: true) }', { id: tier.id });
    expect(said.updateQuota).toMatch(/0 associated users and 0 associated groups/);
    expect(await users()).toEqual([]);
    await refused(bob.key, 'mutation ($id: ID!) { updateQuota(id: $id, input: {}, replaceMembers: true) }', { id: tier.id });
  });
});

describe("defaultDatasetPermissions(userId): a user's defaults set by an administrator", () => {
  it('reads and replaces another user\'s defaults, audited; the user sees them as theirs', async () => {
    const role = await createRole(h, 'default readers', { users: [alice] });
    const set = await ok<{ setDefaultDatasetPermissions: { access: Array<{ name: string }> } }>(
      'mutation ($userId: ID!, $access: [String!]!) { setDefaultDatasetPermissions(userId: $userId, access: $access) { access { name } } }',
      { userId: alice.id, access: [role.id] },
    );
    expect(set.setDefaultDatasetPermissions.access).toEqual([{ name: 'default readers' }]);
    const own = await ok<{ defaultDatasetPermissions: { access: Array<{ name: string }> } }>('{ defaultDatasetPermissions { access { name } } }', {}, alice.key);
    expect(own.defaultDatasetPermissions.access).toEqual([{ name: 'default readers' }]);
    expect((await lastActions(1))[0]).toMatchObject({ action: 'user.default_permissions', targetType: 'user', targetId: alice.id });
  });

  it("refuses a non-administrator naming another user, and an unknown user", async () => {
    expect(await refused(bob.key, 'query ($userId: ID!) { defaultDatasetPermissions(userId: $userId) { access { id } } }', { userId: alice.id })).toMatch(/authorized|administrator/);
    await refused(bob.key, 'mutation ($userId: ID!) { setDefaultDatasetPermissions(userId: $userId, access: []) { access { id } } }', { userId: alice.id });
    await refused(h.admin.key, 'query { defaultDatasetPermissions(userId: "f7bb1edd6b95db62") { access { id } } }');
  });
});

describe('library, folder and library dataset permissions: audited for administrators', () => {
  it('records each change with its target', async () => {
    const role = await createRole(h, 'audited readers', { users: [alice] });
    const folder = await ok<{ createFolder: { id: string } }>('mutation ($parent: ID!) { createFolder(parentId: $parent, name: "sub") { id } }', { parent: library.root_folder_id });
    const dataset = await addDataset(h, library.root_folder_id, 'audited.txt');
    const roles = { access: [role.name], add: [role.name], manage: [role.name], modify: [role.name] };
    await ok('mutation ($id: ID!, $roles: PermissionRolesInput!) { setLibraryPermissions(id: $id, action: "set_permissions", roles: $roles) { current { access { id } } } }', { id: library.id, roles });
    await ok('mutation ($id: ID!, $roles: PermissionRolesInput!) { setFolderPermissions(id: $id, action: "set_permissions", roles: $roles) { current { add { id } } } }', {
      id: folder.createFolder.id,
      roles: { add: [role.name], manage: [role.name], modify: [role.name] },
    });
    await ok('mutation ($id: ID!, $roles: PermissionRolesInput!) { setLibraryDatasetPermissions(id: $id, action: "set_permissions", roles: $roles) { current { access } } }', {
      id: dataset.id,
      roles: { access: [role.name] },
    });
    expect(await lastActions(3)).toEqual([
      { action: 'library_dataset.permissions', targetType: 'library_dataset', targetId: dataset.id },
      { action: 'folder.permissions', targetType: 'folder', targetId: folder.createFolder.id },
      { action: 'library.permissions', targetType: 'library', targetId: library.id },
    ]);
    await ok('mutation ($id: ID!, $roles: PermissionRolesInput!) { setLibraryPermissions(id: $id, action: "remove_restrictions", roles: $roles) { current { access { id } } } }', { id: library.id, roles: {} });
  });
});
