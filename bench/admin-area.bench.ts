import { BENCH_ADMIN, type BenchPlatform, type Figures, measure, startBenchPlatform } from './harness';
import { seedUser } from './seed/accounts';

/**
 * Seeds N users (each with a private role), one group holding all of them, and N shared roles the
 * group has, by set-based SQL; the administrator who lists them is made through the REST API.
 */
async function seed(bench: BenchPlatform, rows: number): Promise<{ adminKey: string; groupId: string }> {
  const admin = await seedUser(bench, BENCH_ADMIN, 'bench-admin');
  const hash = '$2b$04$abcdefghijklmnopqrstuuQ7CEVx5kHD7m6mxTXDHcBc.sUe1f6G6'; // a fixed hash: seeding does not need real passwords
  const [{ id: groupId }] = await bench.sql<{ id: number }>("insert into galaxy_group (create_time, update_time, name, deleted) values (now(), now(), 'everyone', false) returning id");
  await bench.sql(
    `insert into galaxy_user (create_time, update_time, email, username, password, deleted, purged, total_disk_usage)
     select now(), now(), 'user' || g || '@example.org', 'user-' || g, ?, false, false, 0 from generate_series(0, ? - 1) g`,
    [hash, rows],
  );
  await bench.sql(
    `insert into role (create_time, update_time, name, description, type, deleted)
     select now(), now(), u.email, 'Private Role for ' || u.email, 'private', false from galaxy_user u where u.email like 'user%@example.org'`,
  );
  await bench.sql(
    `insert into user_role_association (create_time, update_time, user_id, role_id)
     select now(), now(), u.id, r.id from galaxy_user u join role r on r.name = u.email and r.type = 'private' where u.email like 'user%@example.org'`,
  );
  await bench.sql(
    `insert into user_group_association (create_time, update_time, user_id, group_id)
     select now(), now(), u.id, ? from galaxy_user u where u.email like 'user%@example.org'`,
    [groupId],
  );
  await bench.sql(
    `insert into role (create_time, update_time, name, description, type, deleted)
     select now(), now(), 'role-' || g, 'shared', 'admin', false from generate_series(0, ? - 1) g`,
    [rows],
  );
  await bench.sql(
    `insert into group_role_association (create_time, update_time, group_id, role_id)
     select now(), now(), ?, r.id from role r where r.name like 'role-%'`,
    [groupId],
  );
  return { adminKey: admin.key, groupId: bench.encodeId(groupId) };
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
