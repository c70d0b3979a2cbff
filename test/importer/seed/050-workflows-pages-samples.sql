-- Workflows, pages, visualizations, sample tracking and an installed repository of a 15.05 installation
-- (loads on both schema dumps). Users from 010-users.sql: 2 alice, 4 carol.

-- A workflow of alice: version 1 (input -> cat1), version 2, the latest (input -> cat1 -> Show beginning1).
insert into stored_workflow (id, create_time, update_time, user_id, latest_workflow_id, name, deleted, importable, slug, published)
values (1, '2015-06-01 10:00:00', '2015-06-02 11:00:00', 2, null, 'Concatenate then head', false, true, 'concatenate-then-head', true);
insert into workflow (id, create_time, update_time, stored_workflow_id, name, has_cycles, has_errors, uuid) values
  (1, '2015-06-01 10:00:00', '2015-06-01 10:00:00', 1, 'Concatenate', false, false, '1111aaaa2222bbbb3333cccc4444dddd'),
  (2, '2015-06-02 11:00:00', '2015-06-02 11:00:00', 1, 'Concatenate then head', false, false, '5555eeee6666ffff7777aaaa8888bbbb');
update stored_workflow set latest_workflow_id = 2 where id = 1;
insert into workflow_step (id, create_time, update_time, workflow_id, type, tool_id, tool_version, tool_inputs, tool_errors, position, config, order_index, label, uuid) values
  (1, '2015-06-01 10:00:00', '2015-06-01 10:00:00', 1, 'data_input', null, null, convert_to('{"name": "Input Dataset"}', 'UTF8'), null, convert_to('{"left": 10, "top": 10}', 'UTF8'), null, 0, null, 'a0000000000000000000000000000001'),
  (2, '2015-06-01 10:00:00', '2015-06-01 10:00:00', 1, 'tool', 'cat1', '1.0.0', convert_to('{"__page__": 0, "__rerun_remap_job_id__": null, "input1": "null", "queries": "[]"}', 'UTF8'), null, convert_to('{"left": 200, "top": 10}', 'UTF8'), null, 1, null, 'a0000000000000000000000000000002'),
  (3, '2015-06-02 11:00:00', '2015-06-02 11:00:00', 2, 'data_input', null, null, convert_to('{"name": "reads"}', 'UTF8'), null, convert_to('{"left": 10, "top": 10}', 'UTF8'), null, 0, 'reads', 'b0000000000000000000000000000003'),
  (4, '2015-06-02 11:00:00', '2015-06-02 11:00:00', 2, 'tool', 'cat1', '1.0.0', convert_to('{"__page__": 0, "__rerun_remap_job_id__": null, "input1": "null", "queries": "[]"}', 'UTF8'), null, convert_to('{"left": 200, "top": 10}', 'UTF8'), null, 1, null, 'b0000000000000000000000000000004'),
  (5, '2015-06-02 11:00:00', '2015-06-02 11:00:00', 2, 'tool', 'Show beginning1', '1.0.0', convert_to('{"__page__": 0, "__rerun_remap_job_id__": null, "input": "null", "lineNum": "\"2\""}', 'UTF8'), null, convert_to('{"left": 400, "top": 10}', 'UTF8'), null, 2, 'first lines', 'b0000000000000000000000000000005'),
  -- a pause step: a type this service does not run (skipped and reported)
  (6, '2015-06-02 11:00:00', '2015-06-02 11:00:00', 1, 'pause', null, null, convert_to('{"name": "Pause"}', 'UTF8'), null, null, null, 2, null, 'a0000000000000000000000000000006');
insert into workflow_step_connection (id, output_step_id, input_step_id, output_name, input_name) values
  (1, 1, 2, 'output', 'input1'),
  (2, 3, 4, 'output', 'input1'),
  (3, 4, 5, 'out_file1', 'input');
insert into workflow_output (id, workflow_step_id, output_name) values (1, 5, 'out_file1');
insert into stored_workflow_annotation_association (id, stored_workflow_id, user_id, annotation) values (1, 1, 2, 'Joins and trims reads');
insert into workflow_step_annotation_association (id, workflow_step_id, user_id, annotation) values (1, 5, 2, 'keep two lines');
insert into tag (id, type, parent_id, name) values (2001, 0, null, 'qc'), (2002, 0, null, 'report');
insert into stored_workflow_tag_association (id, stored_workflow_id, tag_id, user_id, user_tname, value, user_value) values (1, 1, 2001, 2, 'qc', 'fastq', 'FASTQ');
insert into stored_workflow_user_share_connection (id, stored_workflow_id, user_id) values (1, 1, 4);
insert into stored_workflow_menu_entry (id, stored_workflow_id, user_id, order_index) values (1, 1, 2, 0);

-- A published page of alice with two revisions (the second is the latest).
insert into page (id, create_time, update_time, user_id, latest_revision_id, title, slug, published, deleted, importable)
values (1, '2015-06-03 09:00:00', '2015-06-04 09:00:00', 2, null, 'Sequencing notes', 'sequencing-notes', true, false, true);
insert into page_revision (id, create_time, update_time, page_id, title, content) values
  (1, '2015-06-03 09:00:00', '2015-06-03 09:00:00', 1, 'Sequencing notes', '<p>draft</p>'),
  (2, '2015-06-04 09:00:00', '2015-06-04 09:00:00', 1, 'Sequencing notes', '<p>Run 42: all lanes passed.</p>');
update page set latest_revision_id = 2 where id = 1;
insert into page_annotation_association (id, page_id, user_id, annotation) values (1, 1, 2, 'Lab notebook');
insert into page_tag_association (id, page_id, tag_id, user_tname, value, user_value, user_id) values (1, 1, 2002, 'report', null, null, 2);
insert into page_user_share_association (id, page_id, user_id) values (1, 1, 4);

-- A visualization of alice with one revision (config: bytea in schema.sql, text in schema-migrated.sql).
insert into visualization (id, create_time, update_time, user_id, latest_revision_id, title, type, deleted, importable, slug, published, dbkey)
values (1, '2015-06-05 09:00:00', '2015-06-05 09:00:00', 2, null, 'Coverage chr1', 'trackster', false, false, null, false, 'hg19');
insert into visualization_revision (id, create_time, update_time, visualization_id, title, dbkey, config)
values (1, '2015-06-05 09:00:00', '2015-06-05 09:00:00', 1, 'Coverage chr1', 'hg19', '{"view": {"chrom": "chr1", "start": 100, "end": 2000}}');
update visualization set latest_revision_id = 1 where id = 1;

-- Sample tracking: a request form and a sample form, a request type with two states, a request of
-- alice with two samples and their events.
insert into form_definition_current (id, create_time, update_time, latest_form_id, deleted) values
  (1, '2015-05-20 09:00:00', '2015-05-20 09:00:00', null, false),
  (2, '2015-05-20 09:00:00', '2015-05-20 09:00:00', null, false);
insert into form_definition (id, create_time, update_time, name, "desc", form_definition_current_id, fields, type, layout) values
  (1, '2015-05-20 09:00:00', '2015-05-20 09:00:00', 'Sequencing request', 'What the lab needs', 1,
   convert_to('[{"name": "field_0", "label": "Lab", "helptext": "", "visible": true, "required": "required", "type": "TextField", "layout": "", "default": "", "selectlist": []}]', 'UTF8'),
   'Sequencing Request Form', convert_to('[]', 'UTF8')),
  (2, '2015-05-20 09:00:00', '2015-05-20 09:00:00', 'Sequencing sample', '', 2,
   convert_to('[{"name": "field_0", "label": "Organism", "helptext": "", "visible": true, "required": "optional", "type": "TextField", "layout": "", "default": "", "selectlist": []}]', 'UTF8'),
   'Sequencing Sample Form', convert_to('[]', 'UTF8'));
update form_definition_current set latest_form_id = id;
insert into form_values (id, create_time, update_time, form_definition_id, content) values
  (1, '2015-06-10 09:00:00', '2015-06-10 09:00:00', 1, convert_to('{"field_0": "Genomics lab"}', 'UTF8')),
  (2, '2015-06-10 09:00:00', '2015-06-10 09:00:00', 2, convert_to('{"field_0": "E. coli"}', 'UTF8')),
  (3, '2015-06-10 09:00:00', '2015-06-10 09:00:00', 2, convert_to('{"field_0": "S. cerevisiae"}', 'UTF8'));
insert into request_type (id, create_time, update_time, name, "desc", request_form_id, sample_form_id, deleted)
values (1, '2015-05-20 09:00:00', '2015-05-20 09:00:00', 'Illumina run', 'Paired-end sequencing', 1, 2, false);
insert into sample_state (id, create_time, update_time, name, "desc", request_type_id) values
  (1, '2015-05-20 09:00:00', '2015-05-20 09:00:00', 'Received', 'Sample received', 1),
  (2, '2015-05-20 09:00:00', '2015-05-20 09:00:00', 'Sequenced', 'Run done', 1);
insert into request (id, create_time, update_time, name, "desc", form_values_id, request_type_id, user_id, deleted, notification)
values (1, '2015-06-10 09:00:00', '2015-06-11 09:00:00', 'Run 42', 'two strains', 1, 1, 2, false, null);
insert into request_event (id, create_time, update_time, request_id, state, comment) values
  (1, '2015-06-10 09:00:00', '2015-06-10 09:00:00', 1, 'New', 'Request created'),
  (2, '2015-06-11 09:00:00', '2015-06-11 09:00:00', 1, 'In Progress', 'Request submitted');
insert into sample (id, create_time, update_time, name, "desc", form_values_id, request_id, deleted, bar_code, library_id, folder_id, workflow, history_id) values
  (1, '2015-06-10 09:00:00', '2015-06-10 09:00:00', 'strain-a', '', 2, 1, false, 'BC-0001', null, null, null, null),
  (2, '2015-06-10 09:00:00', '2015-06-10 09:00:00', 'strain-b', '', 3, 1, false, 'BC-0002', null, null, null, null);
insert into sample_event (id, create_time, update_time, sample_id, sample_state_id, comment) values
  (1, '2015-06-11 09:00:00', '2015-06-11 09:00:00', 1, 1, 'Sample received'),
  (2, '2015-06-11 09:00:00', '2015-06-11 09:00:00', 2, 1, 'Sample received'),
  (3, '2015-06-12 09:00:00', '2015-06-12 09:00:00', 1, 2, 'Lane 3');

-- An installed repository record (only databases built by migrations have the table).
do $$
begin
  if to_regclass('public.tool_shed_repository') is not null then
    insert into tool_shed_repository (id, create_time, update_time, tool_shed, name, description, owner, changeset_revision, deleted, metadata, includes_datatypes,
      installed_changeset_revision, uninstalled, dist_to_shed, ctx_rev, status, error_message, tool_shed_status)
    values (1, '2015-05-01 09:00:00', '2015-05-01 09:00:00', 'toolshed.g2.bx.psu.edu', 'fastqc', 'Read QC', 'devteam', 'e7b2202befea', false,
      convert_to('{"tools": []}', 'UTF8'), false, 'e7b2202befea', false, false, '7', 'Installed', null, null);
  end if;
end $$;
