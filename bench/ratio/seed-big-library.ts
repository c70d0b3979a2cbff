/**
 * A library of one folder of `datasets` datasets by set-based SQL (the API would take hours at
 * 100,000): each dataset its own file and version, every second one restricted to a role the bench
 * user holds, as the API-seeded folders are. Returns the statements, then what reads the new ids.
 */
export function bigLibrarySeedStatements(datasets: number, userEmail: string): string[] {
  const user = `(select id from galaxy_user where email = '${userEmail}')`;
  return [
    `insert into role (create_time, update_time, name, description, type) values (now(), now(), 'bench big readers', 'hold the restricted half of the big library', 'admin')`,
    `insert into user_role_association (create_time, update_time, user_id, role_id) values (now(), now(), ${user}, (select id from role where name = 'bench big readers'))`,
    `insert into library (create_time, update_time, name, description) values (now(), now(), 'bench big library', 'seeded by SQL')`,
    `insert into library_folder (create_time, update_time, library_id, parent_id, name)
       select now(), now(), id, null, name from library where name = 'bench big library'`,
    `update library set root_folder_id = (select f.id from library_folder f where f.library_id = library.id and f.parent_id is null) where name = 'bench big library'`,
    `insert into library_folder (create_time, update_time, library_id, parent_id, name)
       select now(), now(), l.id, l.root_folder_id, '${datasets} items' from library l where l.name = 'bench big library'`,
    `create temporary table big_seed as
       select i, nextval('dataset_id_seq')::int as dataset_id, nextval('library_dataset_id_seq')::int as ld_id,
              nextval('library_dataset_dataset_association_id_seq')::int as ldda_id
       from generate_series(1, ${datasets}) as i`,
    `insert into dataset (id, create_time, update_time, state, file_size, uuid)
       select dataset_id, now(), now(), 'ok', 1000 + i, gen_random_uuid() from big_seed`,
    `insert into library_dataset (id, create_time, update_time, folder_id, name)
       select ld_id, now(), now(), (select id from library_folder where name = '${datasets} items' and parent_id is not null order by id desc limit 1), 'dataset ' || lpad(i::text, 7, '0') || '.txt' from big_seed`,
    `insert into library_dataset_dataset_association (id, create_time, update_time, library_dataset_id, dataset_id, user_id, name, extension, metadata)
       select ldda_id, now(), now(), ld_id, dataset_id, ${user}, 'dataset ' || lpad(i::text, 7, '0') || '.txt', 'txt', '{}'::jsonb from big_seed`,
    `update library_dataset ld set ldda_id = s.ldda_id from big_seed s where ld.id = s.ld_id`,
    `insert into item_permission (item_type, item_id, action, role_id)
       select 'dataset', dataset_id, 'access', (select id from role where name = 'bench big readers') from big_seed where i % 2 = 1`,
    'drop table big_seed',
    'analyze',
  ];
}

export const BIG_LIBRARY_IDS = `select l.id as library_id, f.id as folder_id from library l join library_folder f on f.library_id = l.id and f.parent_id = l.root_folder_id
  where l.name = 'bench big library'`;
