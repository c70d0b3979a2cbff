import { ApiClient } from './api-client';

/** Installed repository records the platform lists (`GET /api/tool_shed_repositories`). */
export const INSTALLED_REPOSITORIES = 100;

/**
 * Set-based SQL for `count` installed repository records, as installs leave them: names in no
 * particular id order, ten owners, every tenth one ended Error with its message.
 */
export function installedRepositorySeedStatements(count: number): string[] {
  return [
    `insert into tool_shed_repository (create_time, update_time, tool_shed, depot_url, name, description, owner, installed_changeset_revision,
       changeset_revision, ctx_rev, metadata, includes_datatypes, tool_shed_status, status, error_message)
     select now(), now(), 'localhost:9009', 'http://localhost:9009', 'repository_' || substr(md5(i::text), 1, 8), 'Bench repository ' || i,
       'owner' || (i % 10), substr(md5('cs' || i), 1, 12), substr(md5('cs' || i), 1, 12), (i % 5)::text,
       '{"tools": [], "invalidTools": [], "workflows": [], "datatypes": [], "repositoryDependencies": null, "toolDependencies": null}'::jsonb, false,
       '{"latest_installable_revision": "True", "revision_update": "False", "revision_upgrade": "False", "repository_deprecated": "False"}'::jsonb,
       case when i % 10 = 0 then 'Error' else 'Installed' end,
       case when i % 10 = 0 then 'Error cloning repository: HTTP Error 404: Not Found' end
     from generate_series(1, ${count}) as i`,
  ];
}

export const FIRST_INSTALLED_REPOSITORY = 'select min(id) as id from tool_shed_repository';

/** A user's key (any user lists installed repositories), for runs that seed nothing else of the platform. */
export async function installsUserKey(baseUrl: string, masterKey: string): Promise<string> {
  const master = new ApiClient(baseUrl, masterKey);
  const user = await master.post<{ id: string }>('/api/users', { username: 'ratio-installs', email: 'ratio-installs@example.org', password: 'bench-password' });
  return master.post<string>(`/api/users/${user.id}/api_key`);
}
