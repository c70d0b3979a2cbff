-- Only for the resume test (test/importer/import-resume.test.ts), on top of test/importer/seed: rows
-- so that every step reads at least two (the test stops each step in batches of one row after one
-- was committed). Some repeat a row of an earlier batch (a repeat must be found across batches).

insert into group_role_association (id, group_id, role_id, create_time, update_time) values (2, 2, 6, '2014-06-02 09:00:00', '2014-06-02 09:00:00');
insert into user_quota_association (id, user_id, quota_id, create_time, update_time) values (2, 2, 1, '2014-07-04 09:00:00', '2014-07-04 09:00:00');
insert into group_quota_association (id, group_id, quota_id, create_time, update_time) values (2, 2, 3, '2014-07-04 09:00:00', '2014-07-04 09:00:00');
insert into default_quota_association (id, create_time, update_time, type, quota_id) values (2, '2014-07-04 09:00:00', '2014-07-04 09:00:00', 'unregistered', 2);
insert into history_user_share_association (id, history_id, user_id) values (2, 1, 9);
insert into history_dataset_association_tag_association (id, history_dataset_association_id, tag_id, user_tname, value, user_value, user_id) values
  (2, 102, null, 'group', 'treated', 'treated', 2);
-- An empty paired collection in the jobs' history, at a hid past its hid_counter.
insert into dataset_collection (id, collection_type, create_time, update_time, populated_state, populated_state_message) values
  (2, 'paired', '2015-07-04 10:00:00', '2015-07-04 10:00:00', 'new', null);
insert into history_dataset_collection_association (id, collection_id, history_id, hid, name, deleted, visible, copied_from_history_dataset_collection_association_id, implicit_output_name) values
  (2, 2, 1001, 5, 'pairs', false, true, null, null);
insert into history_dataset_collection_tag_association (id, history_dataset_collection_id, tag_id, user_id, user_tname, value, user_value) values
  (2, 2, null, 2, 'pairs', null, null);
insert into job_to_output_library_dataset (id, job_id, ldda_id, name) values (2, 1004, 3, 'output1');
insert into job_metric_text (id, job_id, plugin, metric_name, metric_value) values (2, 1002, 'hostname', 'hostname', 'node02.example.org');

insert into stored_workflow (id, create_time, update_time, user_id, latest_workflow_id, name, deleted, importable, slug, published)
values (2, '2015-06-05 10:00:00', '2015-06-05 10:00:00', 4, null, 'Empty draft', false, false, null, false);
insert into stored_workflow_tag_association (id, stored_workflow_id, tag_id, user_id, user_tname, value, user_value) values (2, 1, null, 4, 'shared', null, null);
insert into stored_workflow_user_share_connection (id, stored_workflow_id, user_id) values (2, 1, 9);
insert into stored_workflow_menu_entry (id, stored_workflow_id, user_id, order_index) values (2, 1, 4, 0);
insert into page (id, create_time, update_time, user_id, latest_revision_id, title, slug, published, deleted, importable)
values (2, '2015-06-06 09:00:00', '2015-06-06 09:00:00', 4, null, 'Carol''s notes', 'carol-notes', false, false, false);
insert into page_tag_association (id, page_id, tag_id, user_tname, value, user_value, user_id) values (2, 2, null, 'draft', null, null, 4);
insert into page_user_share_association (id, page_id, user_id) values (2, 1, 9);
insert into visualization (id, create_time, update_time, user_id, latest_revision_id, title, type, deleted, importable, slug, published, dbkey)
values (2, '2015-06-07 09:00:00', '2015-06-07 09:00:00', 4, null, 'Coverage chr2', 'trackster', false, false, null, false, 'hg19');
insert into visualization_revision (id, create_time, update_time, visualization_id, title, dbkey, config)
values (2, '2015-06-07 09:00:00', '2015-06-07 09:00:00', 2, 'Coverage chr2', 'hg19', '{"view": {"chrom": "chr2"}}');
update visualization set latest_revision_id = 2 where id = 2;
insert into request_type (id, create_time, update_time, name, "desc", request_form_id, sample_form_id, deleted)
values (2, '2015-05-21 09:00:00', '2015-05-21 09:00:00', 'PacBio run', '', 1, 2, true);
insert into request (id, create_time, update_time, name, "desc", form_values_id, request_type_id, user_id, deleted, notification)
values (2, '2015-06-12 09:00:00', '2015-06-12 09:00:00', 'Run 43', '', null, 2, 4, false, null);

insert into job_to_input_library_dataset (id, job_id, ldda_id, name) values
  (1, 1004, 1, 'files_0|file_data'),
  (2, 1004, 2, 'files_1|file_data');

insert into visualization_tag_association (id, visualization_id, tag_id, user_id, user_tname, value, user_value) values
  (1, 1, null, 2, 'coverage', null, null),
  (2, 1, null, null, 'chr', '1', '1');
insert into visualization_user_share_association (id, visualization_id, user_id) values
  (1, 1, 4),
  (2, 1, 9);

insert into external_service (id, create_time, update_time, name, description, version, form_definition_id, form_values_id, deleted, external_service_type_id) values
  (1, '2015-05-21 09:00:00', '2015-05-21 09:00:00', 'Sequencer A', 'HiSeq of the core', '1', null, null, false, 'simple_unknown_sequencer'),
  (2, '2015-05-22 09:00:00', '2015-05-22 09:00:00', 'Sequencer B', null, null, 1, 1, true, 'applied_biosystems_solid');
insert into request_type_external_service_association (id, request_type_id, external_service_id) values
  (1, 1, 1),
  (2, 1, 2),
  (3, 1, 1);
insert into request_type_permissions (id, create_time, update_time, action, request_type_id, role_id) values
  (1, '2015-05-21 09:00:00', '2015-05-21 09:00:00', 'access request_type', 1, 5),
  (2, '2015-05-21 09:00:00', '2015-05-21 09:00:00', 'access request_type', 1, 2),
  (3, '2015-05-22 09:00:00', '2015-05-22 09:00:00', 'access request_type', 1, 5);
insert into sample_dataset (id, create_time, update_time, sample_id, name, status, error_msg, size, file_path, external_service_id) values
  (1, '2015-06-12 09:00:00', '2015-06-12 09:00:00', 1, 'lane3_R1.fastq', 'Complete', null, '1.2 Gb', '/data/run42/lane3_R1.fastq', 1),
  (2, '2015-06-12 09:00:00', '2015-06-12 09:00:00', 2, 'lane3_R2.fastq', 'Not started', null, null, '/data/run42/lane3_R2.fastq', null);

-- The same installed revision recorded twice (only databases built by migrations have the table).
do $$
begin
  if to_regclass('public.tool_shed_repository') is not null then
    insert into tool_shed_repository (id, create_time, update_time, tool_shed, name, description, owner, changeset_revision, deleted, metadata, includes_datatypes,
      installed_changeset_revision, uninstalled, dist_to_shed, ctx_rev, status, error_message, tool_shed_status)
    values (2, '2015-05-02 09:00:00', '2015-05-02 09:00:00', 'toolshed.g2.bx.psu.edu', 'fastqc', 'Read QC', 'devteam', 'e7b2202befea', false,
      null, false, 'e7b2202befea', false, false, '7', 'Installed', null, null);
  end if;
end $$;
