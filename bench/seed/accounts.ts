import { BENCH_MASTER_KEY, type BenchPlatform } from '../harness';

/**
 * The accounts a benchmark makes requests as, made through the REST API as an operator would (the
 * master key creates the users, their API keys and the roles). Bulk rows (histories, datasets,
 * thousands of users) are seeded by set-based SQL beside the service (`bench.sql`), never through
 * the service's internals.
 */
export interface SeededUser {
  /** The database id, for the set-based SQL that seeds the user's rows. */
  id: number;
  encodedId: string;
  email: string;
  key: string;
}

export interface SeededRole {
  id: number;
  encodedId: string;
}

async function asOperator<T>(bench: BenchPlatform, method: 'POST' | 'GET', path: string, body?: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${bench.baseUrl}${path}`, {
    method,
    headers: { 'x-api-key': BENCH_MASTER_KEY, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`seeding: ${method} ${path} answered ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A user (POST /api/users) and an API key of theirs (POST /api/users/{id}/api_key). */
export async function seedUser(bench: BenchPlatform, email: string, username: string): Promise<SeededUser> {
  const user = await asOperator<{ id: string }>(bench, 'POST', '/api/users', { email, username, password: 'bench-password' });
  const key = await asOperator<string>(bench, 'POST', `/api/users/${user.id}/api_key`);
  const [{ id }] = await bench.sql<{ id: number }>('select id from galaxy_user where email = ?', [email]);
  return { id: Number(id), encodedId: user.id, email, key };
}

/** A role held by the given users (POST /api/roles). */
export async function seedRole(bench: BenchPlatform, name: string, description: string, users: readonly SeededUser[] = []): Promise<SeededRole> {
  const [role] = await asOperator<Array<{ id: string }>>(bench, 'POST', '/api/roles', { name, description, user_ids: users.map((user) => user.encodedId) });
  const [{ id }] = await bench.sql<{ id: number }>('select id from role where name = ?', [name]);
  return { id: Number(id), encodedId: role.id };
}
