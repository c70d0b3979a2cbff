import { ApiClient } from './api-client';

/** The user who owns the many histories (their own, so the bench user's index stays at 100). */
export const MANY_HISTORIES_EMAIL = 'ratio-many-histories@example.org';

/** The user, and their key, through the REST API (the master key's). */
export async function manyHistoriesUserKey(baseUrl: string, masterKey: string): Promise<string> {
  const master = new ApiClient(baseUrl, masterKey);
  const user = await master.post<{ id: string }>('/api/users', { username: 'ratio-many-histories', email: MANY_HISTORIES_EMAIL, password: 'bench-password' });
  return master.post<string>(`/api/users/${user.id}/api_key`);
}

/**
 * `count` histories of that user by set-based SQL (the API would take an hour at 100,000), created a
 * second apart; a tenth deleted (the index leaves them out), a tenth published, every fifth one tagged
 * (the summary view lists tags). They hold no datasets: the index's default (summary) view reads none.
 */
export function manyHistoriesSeedStatements(count: number): string[] {
  const user = `(select id from galaxy_user where email = '${MANY_HISTORIES_EMAIL}')`;
  return [
    `insert into history (create_time, update_time, user_id, name, hid_counter, deleted, published, importable)
       select now() - g * interval '1 second', now() - g * interval '1 second', ${user}, 'history ' || g, 1, g % 10 = 0, g % 10 = 5, g % 10 = 5
       from generate_series(1, ${count}) g`,
    `insert into item_tag (create_time, update_time, user_id, item_type, item_id, name, value)
       select now(), now(), h.user_id, 'history', h.id, 'group', 'g' || (h.id % 7) from history h where h.user_id = ${user} and h.id % 5 = 0`,
    'analyze history',
    'analyze item_tag',
  ];
}
