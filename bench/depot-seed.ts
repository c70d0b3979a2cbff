/**
 * A depot of `repositories` repositories of `revisions` revisions each, seeded with set-based SQL
 * (a few statements, whatever the size) into the depot's schema: owners, categories, repositories,
 * their changesets and one installable revision per changeset (each revision a new tool version,
 * with tool dependencies). Only database rows: the measured routes (the repository index, the
 * revision listings, install information) never read the git repositories, which stay empty.
 */
export interface DepotSeed {
  repositories: number;
  revisions: number;
  /** The depot URL the guids name. */
  depotUrl: string;
}

/** The repository the show targets read: `repository_00001` of `author2`. */
export const SEEDED_REPOSITORY = { name: 'repository_00001', owner: 'author2' };

export function depotSeedStatements({ repositories, revisions, depotUrl }: DepotSeed): string[] {
  const host = depotUrl.replace(/^[a-z]+:\/\//, '');
  return [
    `insert into depot.galaxy_user (create_time, update_time, email, username, password)
       select now(), now(), 'author' || g || '@example.org', 'author' || g, null from generate_series(1, 10) g`,
    `insert into depot.category (create_time, update_time, name, description)
       select now(), now(), 'Category ' || g, 'Tools of kind ' || g from generate_series(1, 10) g`,
    `insert into depot.repository (create_time, update_time, name, type, user_id, description, long_description, homepage_url, remote_repository_url, times_downloaded)
       select now(), now(), 'repository_' || lpad(g::text, 5, '0'), 'unrestricted', u.id, 'Tools ' || g, 'The tools of repository ' || g, '', 'https://git.example.org/r' || g, g % 7
         from generate_series(1, ${repositories}) g join depot.galaxy_user u on u.username = 'author' || (1 + g % 10)`,
    `insert into depot.repository_category_association (repository_id, category_id)
       select r.id, c.id from depot.repository r join depot.category c on c.name = 'Category ' || (1 + r.id % 10)`,
    `insert into depot.changeset (create_time, update_time, repository_id, ctx_rev, changeset_revision, commit_hash, commit_message, user_id, metadata_state, metadata)
       select now(), now(), r.id, k, left(h.hash, 12), h.hash, 'Revision ' || k, r.user_id, 'done',
              jsonb_build_object(
                'tools', jsonb_build_array(jsonb_build_object('id', r.name, 'name', r.name, 'version', k || '.0.0',
                  'guid', '${host}/repos/' || u.username || '/' || r.name || '/' || r.name || '/' || k || '.0.0',
                  'description', 'does things', 'tool_config', r.name || '.xml', 'add_to_tool_panel', true, 'requirements', '[]'::jsonb)),
                'tool_dependencies', jsonb_build_object(
                  'samtools/1.' || k, jsonb_build_object('name', 'samtools', 'version', '1.' || k, 'type', 'package'),
                  'set_environment', jsonb_build_array(jsonb_build_object('name', 'SAMTOOLS_ROOT', 'type', 'set_environment'))))
         from depot.repository r join depot.galaxy_user u on u.id = r.user_id, generate_series(0, ${revisions - 1}) k,
              lateral (select md5(r.id || ':' || k) || left(md5(k || ':' || r.id), 8) as hash) h`,
    `insert into depot.repository_metadata (create_time, update_time, repository_id, changeset_revision, ctx_rev, metadata, downloadable,
            includes_tools, includes_tools_for_display_in_tool_panel, includes_tool_dependencies)
       select now(), now(), c.repository_id, c.changeset_revision, c.ctx_rev, c.metadata, true, true, true, true from depot.changeset c`,
    'analyze depot.repository',
    'analyze depot.repository_metadata',
    'analyze depot.changeset',
  ];
}

/** The latest changeset of the seeded repository the show targets read. */
export const LATEST_SEEDED_CHANGESET = `select c.changeset_revision as changeset from depot.changeset c join depot.repository r on r.id = c.repository_id
  where r.name = '${SEEDED_REPOSITORY.name}' order by c.ctx_rev desc limit 1`;
