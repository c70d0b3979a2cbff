-- Libraries and jobs of a 15.05 installation. Self-contained: the datasets, history and history
-- datasets they need are here, with ids from 1001 (020-histories.sql keeps below 1000).
-- Files (written by the test with writeLegacyFile): datasets 1001 'reads v1\n', 1002 'reads v2\n',
-- 1003 'core only\n', 1004 'old\n', 1005 'input\n', 1006 'output\n'.

insert into dataset (id, create_time, update_time, state, deleted, purged, purgable, external_filename, _extra_files_path, file_size, total_size, object_store_id, uuid) values
  (1001, '2015-06-01 10:00:00', '2015-06-01 10:00:00', 'ok', false, false, true, null, null, 9, 9, null, 'a0000000000000000000000000001001'),
  (1002, '2015-06-10 10:00:00', '2015-06-10 10:00:00', 'ok', false, false, true, null, null, 9, 9, null, 'a0000000000000000000000000001002'),
  (1003, '2015-06-11 10:00:00', '2015-06-11 10:00:00', 'ok', false, false, true, null, null, 10, 10, null, 'a0000000000000000000000000001003'),
  (1004, '2015-03-01 10:00:00', '2015-03-01 10:00:00', 'ok', true, false, true, null, null, 4, 4, null, null),
  (1005, '2015-07-01 10:00:00', '2015-07-01 10:00:00', 'ok', false, false, true, null, null, 6, 6, null, 'a0000000000000000000000000001005'),
  (1006, '2015-07-01 10:05:00', '2015-07-01 10:06:00', 'ok', false, false, true, null, null, 7, 7, null, 'a0000000000000000000000000001006'),
  (1007, '2015-07-02 10:00:00', '2015-07-02 10:01:00', 'error', false, false, true, null, null, 0, 0, null, 'a0000000000000000000000000001007'),
  (1008, '2015-07-03 10:00:00', '2015-07-03 10:00:00', 'running', false, false, true, null, null, null, null, null, 'a0000000000000000000000000001008');

-- Dataset 1003 may be read only by holders of role 5 (sequencing-core); alice (private role 2) manages 1001.
insert into dataset_permissions (id, create_time, update_time, action, dataset_id, role_id) values
  (1001, '2015-06-11 10:00:00', '2015-06-11 10:00:00', 'access', 1003, 5),
  (1002, '2015-06-01 10:00:00', '2015-06-01 10:00:00', 'manage permissions', 1001, 2);

-- Library 1 'Sequencing runs': root 1 / run-2015-06 (2) / raw (3), and a deleted folder old (4).
-- Library 2 'Core internal' (root 5) only holders of role 5 may see: archive (7) / lane-1 (6).
insert into library_folder (id, parent_id, create_time, update_time, name, description, order_id, item_count, deleted, purged, genome_build) values
  (1, null, '2015-05-01 09:00:00', '2015-06-11 10:00:00', 'Sequencing runs', 'Sequencing runs', 0, 2, false, false, null),
  (2, 1, '2015-06-01 09:00:00', '2015-06-11 10:00:00', 'run-2015-06', 'June run', 0, 1, false, false, 'hg19'),
  (3, 2, '2015-06-01 09:05:00', '2015-06-11 10:00:00', 'raw', '', 0, 1, false, false, null),
  (4, 1, '2015-02-01 09:00:00', '2015-04-01 09:00:00', 'old', 'superseded runs', 0, 1, true, false, null),
  (5, null, '2015-05-02 09:00:00', '2015-05-02 09:00:00', 'Core internal', '', 0, 0, false, false, null),
  (6, 5, '2015-05-03 09:00:00', '2015-05-03 09:00:00', 'lane-1', 'moved under archive, made after it', 0, 0, false, false, null),
  (7, 5, '2015-05-04 09:00:00', '2015-05-04 09:00:00', 'archive', '', 0, 1, false, false, null);
-- lane-1 (6) was moved under archive (7), a folder made after it: its parent has the larger id.
update library_folder set parent_id = 7 where id = 6;

insert into library (id, root_folder_id, create_time, update_time, name, deleted, purged, description, synopsis) values
  (1, 1, '2015-05-01 09:00:00', '2015-06-11 10:00:00', 'Sequencing runs', false, false, 'Reads of the core facility', 'One folder per run'),
  (2, 5, '2015-05-02 09:00:00', '2015-05-02 09:00:00', 'Core internal', false, false, 'Staff only', null);

insert into library_permissions (id, create_time, update_time, action, library_id, role_id) values
  (1, '2015-05-02 09:00:00', '2015-05-02 09:00:00', 'access library', 2, 5),
  (2, '2015-05-01 09:00:00', '2015-05-01 09:00:00', 'add library item', 1, 5),
  (3, '2015-05-01 09:00:00', '2015-05-01 09:00:00', 'manage library permissions', 1, 1);

insert into library_folder_permissions (id, create_time, update_time, action, library_folder_id, role_id) values
  (1, '2015-06-01 09:00:00', '2015-06-01 09:00:00', 'add library item', 2, 5),
  (2, '2015-06-01 09:00:00', '2015-06-01 09:00:00', 'modify library item', 2, 5);

-- A library dataset points at its current version and each version at its library dataset.
insert into library_dataset (id, library_dataset_dataset_association_id, folder_id, order_id, create_time, update_time, name, info, deleted, purged) values
  (1, null, 2, 0, '2015-06-01 10:00:00', '2015-06-10 10:00:00', 'reads.fastq', 'June reads', false, false),
  (2, null, 3, 0, '2015-06-11 10:00:00', '2015-06-11 10:00:00', null, null, false, false),
  (3, null, 4, 0, '2015-03-01 10:00:00', '2015-04-01 09:00:00', 'old.txt', null, true, false);

insert into library_dataset_dataset_association (id, library_dataset_id, dataset_id, create_time, update_time, copied_from_history_dataset_association_id, copied_from_library_dataset_dataset_association_id, name, info, blurb, peek, extension, metadata, parent_id, designation, deleted, visible, user_id, message, state, tool_version, extended_metadata_id) values
  (1, 1, 1001, '2015-06-01 10:00:00', '2015-06-01 10:00:00', null, null, 'reads.fastq', 'first upload', '1 sequence', 'reads v1', 'fastqsanger', convert_to('{"dbkey": ["hg19"], "sequences": 1}', 'UTF8'), null, null, false, true, 2, null, null, null, null),
  (2, 1, 1002, '2015-06-10 10:00:00', '2015-06-10 10:00:00', null, 1, 'reads.fastq', 'second upload', '1 sequence', 'reads v2', 'fastqsanger', convert_to('{"dbkey": ["hg19"], "sequences": 1}', 'UTF8'), null, null, false, true, 2, 'replaced the first', null, null, null),
  (3, 2, 1003, '2015-06-11 10:00:00', '2015-06-11 10:00:00', null, null, 'core-only.txt', null, '1 line', 'core only', 'txt', convert_to('{"dbkey": "?", "data_lines": 1}', 'UTF8'), null, null, false, true, 2, null, null, null, null),
  (4, 3, 1004, '2015-03-01 10:00:00', '2015-04-01 09:00:00', null, null, 'old.txt', null, null, 'old', 'txt', null, null, null, true, true, 1, null, null, null, null);

update library_dataset set library_dataset_dataset_association_id = 2 where id = 1;
update library_dataset set library_dataset_dataset_association_id = 3 where id = 2;
update library_dataset set library_dataset_dataset_association_id = 4 where id = 3;

-- Grants on library datasets and their versions: one repeated, one on the current version that the
-- library dataset already holds, one on an expired version.
insert into library_dataset_permissions (id, create_time, update_time, action, library_dataset_id, role_id) values
  (1, '2015-06-11 10:00:00', '2015-06-11 10:00:00', 'modify library item', 2, 5),
  (2, '2015-06-11 10:00:00', '2015-06-11 10:00:00', 'modify library item', 2, 5),
  (3, '2015-06-11 10:00:00', '2015-06-11 10:00:00', 'manage library permissions', 2, 5);

insert into library_dataset_dataset_association_permissions (id, create_time, update_time, action, library_dataset_dataset_association_id, role_id) values
  (1, '2015-06-11 10:00:00', '2015-06-11 10:00:00', 'modify library item', 3, 5),
  (2, '2015-06-01 10:00:00', '2015-06-01 10:00:00', 'manage library permissions', 1, 2),
  (3, '2015-06-10 10:00:00', '2015-06-10 10:00:00', 'modify library item', 2, 2);

-- alice's history with an input, the output of a finished job, of a failed one and of one still running.
insert into history (id, create_time, update_time, user_id, name, hid_counter, deleted, purged, genome_build, importable, slug, published) values
  (1001, '2015-07-01 09:00:00', '2015-07-03 10:00:00', 2, 'Run analysis', 5, false, false, null, false, null, false);

insert into history_dataset_association (id, history_id, dataset_id, create_time, update_time, copied_from_history_dataset_association_id, hid, name, info, blurb, peek, extension, metadata, parent_id, designation, deleted, visible, copied_from_library_dataset_dataset_association_id, state, purged, tool_version, extended_metadata_id, hidden_beneath_collection_instance_id) values
  (1001, 1001, 1005, '2015-07-01 10:00:00', '2015-07-01 10:00:00', null, 1, 'input.txt', null, '1 line', 'input', 'txt', convert_to('{"data_lines": 1}', 'UTF8'), null, null, false, true, null, null, false, null, null, null),
  (1002, 1001, 1006, '2015-07-01 10:05:00', '2015-07-01 10:06:00', null, 2, 'Concatenate on data 1', null, '1 line', 'output', 'txt', convert_to('{"data_lines": 1}', 'UTF8'), null, null, false, true, null, null, false, '1.0.0', null, null),
  (1003, 1001, 1007, '2015-07-02 10:00:00', '2015-07-02 10:01:00', null, 3, 'Select on data 1', 'grep: invalid option', null, null, 'txt', null, null, null, false, true, null, null, false, '1.0.0', null, null),
  (1004, 1001, 1008, '2015-07-03 10:00:00', '2015-07-03 10:00:00', null, 4, 'Sort on data 1', null, null, null, 'txt', null, null, null, false, true, null, null, false, '1.0.1', null, null);

-- Jobs of alice: cat1 finished, Grep1 failed (exit code 2), sort1 still running when 15.05 stopped,
-- and an admin's library upload (its output a library version).
insert into job (id, create_time, update_time, history_id, tool_id, tool_version, state, info, command_line, param_filename, runner_name, stdout, stderr, traceback, session_id, job_runner_name, job_runner_external_id, library_folder_id, user_id, imported, object_store_id, params, handler, exit_code, destination_id, destination_params) values
  (1001, '2015-07-01 10:05:00', '2015-07-01 10:06:00', 1001, 'cat1', '1.0.0', 'ok', null, 'python /galaxy/tools/filters/catWrapper.py /galaxy/files/000/dataset_1006.dat /galaxy/files/001/dataset_1005.dat', null, null, E'concatenated 1 file\n', '', null, null, 'local:///', '31337', null, 2, false, null, null, 'main.web.1', 0, 'local', convert_to('{}', 'UTF8')),
  (1002, '2015-07-02 10:00:00', '2015-07-02 10:01:00', 1001, 'Grep1', '1.0.0', 'error', 'grep: invalid option', 'python /galaxy/tools/filters/grep.py -i /galaxy/files/001/dataset_1005.dat -o /galaxy/files/001/dataset_1007.dat -pattern ''[''', null, null, '', E'grep: invalid option -- \'[\'\nUsage: grep [OPTION]... PATTERN [FILE]...\n', null, null, 'local:///', '31338', null, 2, false, null, null, 'main.web.1', 2, 'local', null),
  (1003, '2015-07-03 10:00:00', '2015-07-03 10:00:30', 1001, 'sort1', '1.0.1', 'running', null, 'python /galaxy/tools/filters/sorter.py /galaxy/files/001/dataset_1005.dat /galaxy/files/001/dataset_1008.dat', null, null, null, null, null, null, 'local:///', '31339', null, 2, false, null, null, 'main.web.1', null, 'local', null),
  (1004, '2015-06-10 09:59:00', '2015-06-10 10:00:00', null, 'upload1', '1.1.4', 'ok', null, 'python /galaxy/tools/data_source/upload.py', null, null, '', '', null, null, 'local:///', '31300', 2, 1, false, null, null, 'main.web.1', 0, 'local', null);

insert into job_parameter (id, job_id, name, value) values
  (1001, 1001, 'input1', '1001'),
  (1002, 1001, 'queries', '[]'),
  (1003, 1001, 'dbkey', '"?"'),
  (1004, 1001, 'chromInfo', '"/galaxy/tool-data/shared/ucsc/chrom/?.len"'),
  (1005, 1002, 'input', '1001'),
  (1006, 1002, 'invert', '"False"'),
  (1007, 1002, 'pattern', '"["'),
  (1008, 1003, 'input', '1001'),
  (1009, 1003, 'column', '"1"');

insert into job_to_input_dataset (id, job_id, dataset_id, name) values
  (1001, 1001, 1001, 'input1'),
  (1002, 1002, 1001, 'input'),
  (1003, 1003, 1001, 'input');

insert into job_to_output_dataset (id, job_id, dataset_id, name) values
  (1001, 1001, 1002, 'out_file1'),
  (1002, 1002, 1003, 'out_file1'),
  (1003, 1003, 1004, 'out_file1');

insert into job_to_output_library_dataset (id, job_id, ldda_id, name) values
  (1, 1004, 2, 'output0');

insert into job_state_history (id, create_time, update_time, job_id, state, info) values
  (1001, '2015-07-01 10:05:00', '2015-07-01 10:05:00', 1001, 'new', null),
  (1002, '2015-07-01 10:05:01', '2015-07-01 10:05:01', 1001, 'queued', null),
  (1003, '2015-07-01 10:05:10', '2015-07-01 10:05:10', 1001, 'running', null),
  (1004, '2015-07-01 10:05:22', '2015-07-01 10:05:22', 1001, 'ok', null),
  (1005, '2015-07-03 10:00:00', '2015-07-03 10:00:00', 1003, 'running', null);

insert into job_metric_numeric (id, job_id, plugin, metric_name, metric_value) values
  (1001, 1001, 'core', 'runtime_seconds', 12.0000000),
  (1002, 1001, 'core', 'galaxy_slots', 1.0000000),
  (1003, 1002, 'core', 'runtime_seconds', 3.5000000),
  (1004, 1002, 'core', 'galaxy_slots', 4.0000000);

insert into job_metric_text (id, job_id, plugin, metric_name, metric_value) values
  (1, 1001, 'hostname', 'hostname', 'node01.example.org');
