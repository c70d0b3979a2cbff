import { Caller } from '../src/context/caller';
import { RequestContext } from '../src/context/request-context';
import { GroupRoleAssociation, UserGroupAssociation, UserRoleAssociation } from '../src/entities/associations.entity';
import { Group } from '../src/entities/group.entity';
import { Role } from '../src/entities/role.entity';
import { User } from '../src/entities/user.entity';
import { BENCH_ADMIN, type BenchPlatform, type Figures, measure, startBenchPlatform } from './harness';

/** Seeds N users (each with a private role), one group holding all of them, and N shared roles. */
async function seed(bench: BenchPlatform, rows: number): Promise<{ adminKey: string; groupId: string }> {
  const { services } = bench.platform;
  const em = services.db.orm.em.fork();
  const hash = '$2b$04$abcdefghijklmnopqrstuuQ7CEVx5kHD7m6mxTXDHcBc.sUe1f6G6'; // a fixed hash: seeding does not need real passwords
  const admin = em.create(User, { email: BENCH_ADMIN, username: 'bench-admin', password: hash });
  const group = em.create(Group, { name: 'everyone' });
  for (let i = 0; i < rows; i += 1) {
    const user = em.create(User, { email: `user${i}@example.org`, username: `user-${i}`, password: hash });
    const privateRole = em.create(Role, { name: user.email, description: `Private Role for ${user.email}`, type: 'private' });
    em.create(UserRoleAssociation, { user, role: privateRole });
    em.create(UserGroupAssociation, { user, group });
    const shared = em.create(Role, { name: `role-${i}`, description: 'shared', type: 'admin' });
    em.create(GroupRoleAssociation, { group, role: shared });
  }
  await em.flush();
  const key = await services.users.issueApiKey(new RequestContext(em, Caller.master(), services, services.log), admin);
  return { adminKey: key, groupId: services.ids.encode(group.id) };
}

export async function benchAdminArea(rows: number): Promise<Figures[]> {
  const bench = await startBenchPlatform();
  try {
    const { adminKey, groupId } = await seed(bench, rows);
    const gql = (query: string) => JSON.stringify({ query });
    const targets = [
      { label: 'REST GET /api/users', path: '/api/users' },
      { label: 'GraphQL users', path: '/graphql', method: 'POST' as const, body: gql('{ users { id email username } }') },
      { label: 'REST GET /api/groups/{id}/users', path: `/api/groups/${groupId}/users` },
      { label: 'GraphQL groupUsers', path: '/graphql', method: 'POST' as const, body: gql(`{ groupUsers(groupId: "${groupId}") { id email } }`) },
      { label: 'REST GET /api/roles', path: '/api/roles' },
      { label: 'GraphQL roles', path: '/graphql', method: 'POST' as const, body: gql('{ roles { id name type description } }') },
      { label: 'GraphQL group { users { roles } }', path: '/graphql', method: 'POST' as const, body: gql(`{ group(id: "${groupId}") { users { email roles { name } groups { name } } } }`) },
    ];
    const figures: Figures[] = [];
    for (const target of targets) figures.push(await measure(bench, target, adminKey, rows));
    return figures;
  } finally {
    await bench.stop();
  }
}
