-- Histories, datasets, history datasets, a collection and dataset permissions of a 15.05 installation
-- (assumes 010-users.sql: alice 2, carol 4; role 2 alice's private role, role 5 sequencing-core held by alice).
--
-- History 1 (alice): published with a slug, importable, tagged and annotated; datasets in every state, a list of three.
-- History 2 (alice): shared with carol; its hid_counter (2) lags behind its hids (15.05 could leave it so).
-- History 3 (alice): deleted, empty. History 4 (carol). History 5: an anonymous session's.
insert into history (id, create_time, update_time, user_id, name, hid_counter, deleted, purged, genome_build, importable, slug, published, importing) values
  (1, '2015-03-01 10:00:00', '2015-07-02 09:00:00', 2, 'RNA-seq run 12', 17, false, false, 'hg19', true, 'rna-seq-run-12', true, false),
  (2, '2015-04-01 10:00:00', '2015-04-02 09:00:00', 2, 'Shared with carol', 2, false, false, null, false, null, false, false),
  (3, '2014-11-01 10:00:00', '2014-11-02 09:00:00', 2, 'Old attempt', 1, true, false, null, false, null, false, false),
  (4, '2015-02-01 10:00:00', '2015-02-01 10:00:00', 4, 'carol notes', 1, false, false, null, null, null, null, false),
  (5, '2015-05-01 10:00:00', '2015-05-01 10:00:00', null, null, 1, false, false, null, false, null, false, false);

insert into tag (id, type, parent_id, name) values
  (1, 0, null, 'rnaseq'), (2, 0, null, 'name'), (3, 0, null, 'group'), (4, 0, null, 'samples');
insert into history_tag_association (id, history_id, tag_id, user_tname, value, user_value, user_id) values
  (1, 1, 1, 'rnaseq', null, null, 2),
  (2, 1, 2, 'name', 'run12', 'run12', 2);
insert into history_annotation_association (id, history_id, user_id, annotation) values
  (1, 1, 2, 'Twelve samples from the sequencing core');

insert into history_user_share_association (id, history_id, user_id) values (1, 2, 4);

-- Datasets: 1-17 and 1234 (a directory other than 000). 8 is purged (no file), 16 should have a file and has none;
-- 17's file is shorter than the size recorded (a file cut short after 15.05 measured it: --copy refuses it);
-- 3 recorded 0 (15.05 takes 0 as not measured). The other sizes are their files' (test/support/imported-installation.ts).
insert into dataset (id, create_time, update_time, state, deleted, purged, purgable, external_filename, _extra_files_path, file_size, total_size, object_store_id, uuid) values
  (1, '2015-03-01 10:01:00', '2015-03-01 10:02:00', 'ok', false, false, true, null, null, 32, 32, null, '0b5e4bd1c5a24c7e9d1e6f2a3b4c5d61'),
  (2, '2015-03-01 10:03:00', '2015-03-01 10:04:00', 'ok', false, false, true, null, null, 27, 27, null, '0b5e4bd1c5a24c7e9d1e6f2a3b4c5d62'),
  (3, '2015-03-01 10:05:00', '2015-03-01 10:06:00', 'error', false, false, true, null, null, 0, 0, null, null),
  (4, '2015-03-01 10:07:00', '2015-03-01 10:07:00', 'queued', false, false, true, null, null, null, null, null, null),
  (5, '2015-03-01 10:08:00', '2015-03-01 10:08:00', 'running', false, false, true, null, null, null, null, null, null),
  (6, '2015-03-01 10:09:00', '2015-03-01 10:09:00', 'paused', false, false, true, null, null, null, null, null, null),
  (7, '2015-03-01 10:10:00', '2015-03-01 10:10:00', 'discarded', false, false, true, null, null, null, null, null, null),
  (8, '2015-03-01 10:11:00', '2015-06-01 10:11:00', 'ok', true, true, true, null, null, 1000, 1000, null, null),
  (9, '2015-03-01 10:12:00', '2015-06-01 10:12:00', 'ok', true, false, true, null, null, 10, 10, null, null),
  (10, '2015-03-01 10:13:00', '2015-03-01 10:13:00', 'ok', false, false, true, null, null, 8, 8, null, null),
  (11, '2015-03-01 10:14:00', '2015-03-01 10:14:00', 'ok', false, false, true, null, null, 8, 8, null, null),
  (12, '2015-03-01 10:15:00', '2015-03-01 10:15:00', 'ok', false, false, true, null, null, 8, 8, null, null),
  (13, '2015-03-01 10:16:00', '2015-03-01 10:16:00', 'ok', false, false, true, null, null, 19, 19, null, null),
  (14, '2015-03-01 10:17:00', '2015-03-01 10:17:00', 'ok', false, false, true, null, null, 13, 13, null, null),
  (15, '2015-04-01 10:18:00', '2015-04-01 10:18:00', 'ok', false, false, true, null, null, 22, 22, null, null),
  (16, '2015-03-01 10:19:00', '2015-03-01 10:19:00', 'ok', false, false, true, null, null, 5, 5, null, null),
  (17, '2015-03-01 10:21:00', '2015-03-01 10:21:00', 'ok', false, false, true, null, null, 40, 40, null, null),
  (1234, '2015-04-01 10:20:00', '2015-04-01 10:20:00', 'ok', false, false, true, null, null, 9, 9, null, 'ffeeddccbbaa99887766554433221100');

-- History datasets (ids apart from their datasets' ids). 106's metadata is a Python pickle (older rows can hold one).
insert into history_dataset_association (id, history_id, dataset_id, create_time, update_time, copied_from_history_dataset_association_id, hid, name, info, blurb, peek, extension, metadata, parent_id, designation, deleted, visible, copied_from_library_dataset_dataset_association_id, state, purged, tool_version, extended_metadata_id, hidden_beneath_collection_instance_id) values
  (101, 1, 1, '2015-03-01 10:01:00', '2015-03-01 10:02:00', null, 1, 'reads.fastq', 'uploaded fastqsanger file', '4 sequences', '@r1', 'fastqsanger', convert_to('{"dbkey": "hg19", "data_lines": 8, "sequences": 4}', 'UTF8'), null, null, false, true, null, null, false, '1.0.0', null, null),
  (102, 1, 2, '2015-03-01 10:03:00', '2015-03-01 10:04:00', null, 2, 'counts.tabular', null, '3 lines', 'gene	count', 'tabular', convert_to('{"dbkey": "hg19", "columns": 2, "column_types": ["str", "int"], "data_lines": 3}', 'UTF8'), null, null, false, true, null, null, false, null, null, null),
  (103, 1, 3, '2015-03-01 10:05:00', '2015-03-01 10:06:00', null, 3, 'failed alignment', 'Tool error: out of memory', 'error', null, 'bam', convert_to('{}', 'UTF8'), null, null, false, true, null, null, false, null, null, null),
  (104, 1, 4, '2015-03-01 10:07:00', '2015-03-01 10:07:00', null, 4, 'waiting', null, null, null, 'txt', null, null, null, false, true, null, null, false, null, null, null),
  (105, 1, 5, '2015-03-01 10:08:00', '2015-03-01 10:08:00', null, 5, 'in progress', null, null, null, 'txt', null, null, null, false, true, null, null, false, null, null, null),
  (106, 1, 6, '2015-03-01 10:09:00', '2015-03-01 10:09:00', null, 6, 'paused output', null, null, null, 'txt', decode('80027d710128550564626b657971025503687331397103752e', 'hex'), null, null, false, true, null, null, false, null, null, null),
  (107, 1, 7, '2015-03-01 10:10:00', '2015-03-01 10:10:00', null, 7, 'discarded output', null, null, null, 'txt', null, null, null, false, true, null, null, false, null, null, null),
  (108, 1, 8, '2015-03-01 10:11:00', '2015-06-01 10:11:00', null, 8, 'purged big file', null, null, null, 'txt', convert_to('{}', 'UTF8'), null, null, true, true, null, null, true, null, null, null),
  (109, 1, 9, '2015-03-01 10:12:00', '2015-06-01 10:12:00', null, 9, 'deleted notes', null, '1 line', 'old notes', 'txt', convert_to('{"dbkey": "?"}', 'UTF8'), null, null, true, true, null, null, false, null, null, null),
  (110, 1, 10, '2015-03-01 10:13:00', '2015-03-01 10:13:00', null, 10, 'sample1.txt', null, null, null, 'txt', convert_to('{}', 'UTF8'), null, null, false, false, null, null, false, null, null, null),
  (111, 1, 11, '2015-03-01 10:14:00', '2015-03-01 10:14:00', null, 11, 'sample2.txt', null, null, null, 'txt', convert_to('{}', 'UTF8'), null, null, false, false, null, null, false, null, null, null),
  (112, 1, 12, '2015-03-01 10:15:00', '2015-03-01 10:15:00', null, 12, 'sample3.txt', null, null, null, 'txt', convert_to('{}', 'UTF8'), null, null, false, false, null, null, false, null, null, null),
  (113, 1, 13, '2015-03-01 10:16:00', '2015-03-01 10:16:00', null, 14, 'core-only.txt', null, null, null, 'txt', convert_to('{}', 'UTF8'), null, null, false, true, null, null, false, null, null, null),
  (114, 1, 14, '2015-03-01 10:17:00', '2015-03-01 10:17:00', null, 15, 'public.txt', null, null, null, 'txt', convert_to('{}', 'UTF8'), null, null, false, true, null, null, false, null, null, null),
  (116, 1, 16, '2015-03-01 10:19:00', '2015-03-01 10:19:00', null, 16, 'lost.txt', null, null, null, 'txt', convert_to('{}', 'UTF8'), null, null, false, true, null, null, false, null, null, null),
  (115, 2, 15, '2015-04-01 10:18:00', '2015-04-01 10:18:00', null, 1, 'shared.bed', null, '2 regions', null, 'bed', convert_to('{"dbkey": "hg19", "columns": 3}', 'UTF8'), null, null, false, true, null, null, false, null, null, null),
  (117, 2, 1, '2015-04-01 10:19:00', '2015-04-01 10:19:00', 101, 2, 'reads.fastq', 'uploaded fastqsanger file', '4 sequences', '@r1', 'fastqsanger', convert_to('{"dbkey": "hg19"}', 'UTF8'), null, null, false, true, null, null, false, null, null, null),
  (1234, 2, 1234, '2015-04-01 10:20:00', '2015-04-01 10:20:00', null, 3, 'far.txt', null, null, null, 'txt', convert_to('{}', 'UTF8'), null, null, false, true, null, null, false, null, null, null);

insert into history_dataset_association_tag_association (id, history_dataset_association_id, tag_id, user_tname, value, user_value, user_id) values
  (1, 101, 3, 'group', 'control', 'control', 2);
insert into history_dataset_association_annotation_association (id, history_dataset_association_id, user_id, annotation) values
  (1, 101, 2, 'raw reads from lane 3');

-- A list of the three samples, at hid 13.
insert into dataset_collection (id, collection_type, create_time, update_time, populated_state, populated_state_message) values
  (1, 'list', '2015-03-01 10:16:00', '2015-03-01 10:16:00', 'ok', null);
insert into dataset_collection_element (id, dataset_collection_id, hda_id, ldda_id, child_collection_id, element_index, element_identifier) values
  (1, 1, 110, null, null, 0, 'sample1'),
  (2, 1, 111, null, null, 1, 'sample2'),
  (3, 1, 112, null, null, 2, 'sample3');
insert into history_dataset_collection_association (id, collection_id, history_id, hid, name, deleted, visible, copied_from_history_dataset_collection_association_id, implicit_output_name) values
  (1, 1, 1, 13, 'samples', false, true, null, null);
insert into history_dataset_collection_tag_association (id, history_dataset_collection_id, tag_id, user_id, user_tname, value, user_value) values
  (1, 1, 4, 2, 'samples', null, null);
insert into history_dataset_collection_annotation_association (id, history_dataset_collection_id, user_id, annotation) values
  (1, 1, 2, 'the three samples');

-- Dataset 13: access restricted to sequencing-core; every dataset of alice: managed by her private role.
insert into dataset_permissions (id, create_time, update_time, action, dataset_id, role_id) values
  (1, '2015-03-01 10:01:00', '2015-03-01 10:01:00', 'manage permissions', 1, 2),
  (2, '2015-03-01 10:16:00', '2015-03-01 10:16:00', 'access', 13, 5),
  (3, '2015-03-01 10:16:00', '2015-03-01 10:16:00', 'manage permissions', 13, 2),
  (4, '2015-03-01 10:17:00', '2015-03-01 10:17:00', 'manage permissions', 14, 2),
  (5, '2015-03-01 10:17:00', '2015-03-01 10:17:00', 'manage permissions', 14, 2);
set session_replication_role = replica;
insert into dataset_permissions (id, create_time, update_time, action, dataset_id, role_id) values
  (6, '2015-03-01 10:18:00', '2015-03-01 10:18:00', 'access', 15, 99);
set session_replication_role = origin;

select setval('history_id_seq', 5), setval('dataset_id_seq', 1234), setval('history_dataset_association_id_seq', 1234),
  setval('dataset_collection_id_seq', 1), setval('dataset_collection_element_id_seq', 3), setval('history_dataset_collection_association_id_seq', 1),
  setval('dataset_permissions_id_seq', 6), setval('tag_id_seq', 4);
