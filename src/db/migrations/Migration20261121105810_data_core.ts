import { Migration } from '@mikro-orm/migrations';

export class Migration20261121105810_data_core extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "background_task" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "kind" varchar(64) not null, "payload" jsonb not null, "state" varchar(32) not null default 'queued', "attempts" int not null default 0, "max_attempts" int not null default 3, "locked_by" varchar(255) null, "heartbeat_time" timestamptz(6) null, "run_after" timestamptz(6) not null, "result" jsonb null, "error" text null);`);
    this.addSql(`create index "background_task_state_run_after_index" on "background_task" ("state", "run_after");`);

    this.addSql(`create table "dataset" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "state" varchar(64) not null default 'new', "deleted" boolean not null default false, "purged" boolean not null default false, "purgable" boolean not null default true, "file_size" bigint null, "external_filename" text null, "uuid" uuid not null);`);
    this.addSql(`create index "dataset_state_index" on "dataset" ("state");`);

    this.addSql(`create table "history" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "user_id" int null, "name" varchar(255) not null default 'Unnamed history', "hid_counter" int not null default 1, "deleted" boolean not null default false, "purged" boolean not null default false, "importable" boolean not null default false, "published" boolean not null default false, "slug" varchar(255) null, "genome_build" varchar(255) null, "annotation" text null);`);
    this.addSql(`create index "history_user_id_deleted_create_time_index" on "history" ("user_id", "deleted", "create_time");`);

    this.addSql(`create table "job" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "user_id" int null, "history_id" int null, "tool_id" varchar(255) not null, "tool_version" varchar(64) not null default '1.0.0', "state" varchar(64) not null default 'new', "params" jsonb not null, "command_line" text null, "exit_code" int null, "stdout" text not null default '', "stderr" text not null default '', "info" text null, "runner" varchar(64) null, "handler" varchar(255) null, "external_id" varchar(255) null, "attempts" int not null default 0, "heartbeat_time" timestamptz(6) null, "start_time" timestamptz(6) null, "end_time" timestamptz(6) null);`);
    this.addSql(`create index "job_tool_id_index" on "job" ("tool_id");`);
    this.addSql(`create index "job_history_id_index" on "job" ("history_id");`);
    this.addSql(`create index "job_user_id_update_time_index" on "job" ("user_id", "update_time");`);
    this.addSql(`create index "job_state_id_index" on "job" ("state", "id");`);

    this.addSql(`create table "job_metric" ("id" serial primary key, "job_id" int not null, "plugin" varchar(255) not null, "name" varchar(255) not null, "value" text not null, "numeric" boolean not null);`);
    this.addSql(`create index "job_metric_job_id_index" on "job_metric" ("job_id");`);

    this.addSql(`create table "history_export" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "history_id" int not null, "task_id" int null, "state" varchar(32) not null default 'queued', "gzip" boolean not null default true, "include_hidden" boolean not null default false, "include_deleted" boolean not null default false, "history_update_time" timestamptz(6) not null, "file_path" text null, "file_size" bigint null, "error" text null);`);
    this.addSql(`create index "history_export_history_id_id_index" on "history_export" ("history_id", "id");`);

    this.addSql(`create table "history_dataset_association" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "history_id" int not null, "dataset_id" int not null, "hid" int not null, "name" varchar(255) not null, "info" text null, "blurb" text null, "peek" text null, "extension" varchar(64) not null default 'data', "dbkey" varchar(64) not null default '?', "metadata" jsonb not null, "visible" boolean not null default true, "deleted" boolean not null default false, "purged" boolean not null default false, "annotation" text null, "tool_version" varchar(64) null, "copied_from_hda_id" int null, "copied_from_ldda_id" int null);`);
    this.addSql(`create index "history_dataset_association_dataset_id_index" on "history_dataset_association" ("dataset_id");`);
    this.addSql(`create index "history_dataset_association_history_id_hid_index" on "history_dataset_association" ("history_id", "hid");`);

    this.addSql(`create table "job_to_output_dataset" ("id" serial primary key, "job_id" int not null, "name" varchar(255) not null, "hda_id" int null);`);
    this.addSql(`create index "job_to_output_dataset_hda_id_index" on "job_to_output_dataset" ("hda_id");`);
    this.addSql(`create index "job_to_output_dataset_job_id_index" on "job_to_output_dataset" ("job_id");`);

    this.addSql(`create table "job_to_input_dataset" ("id" serial primary key, "job_id" int not null, "name" varchar(255) not null, "hda_id" int null);`);
    this.addSql(`create index "job_to_input_dataset_hda_id_index" on "job_to_input_dataset" ("hda_id");`);
    this.addSql(`create index "job_to_input_dataset_job_id_index" on "job_to_input_dataset" ("job_id");`);

    this.addSql(`alter table "history" add constraint "history_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "job" add constraint "job_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "job" add constraint "job_history_id_foreign" foreign key ("history_id") references "history" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "job_metric" add constraint "job_metric_job_id_foreign" foreign key ("job_id") references "job" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "history_export" add constraint "history_export_history_id_foreign" foreign key ("history_id") references "history" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "history_export" add constraint "history_export_task_id_foreign" foreign key ("task_id") references "background_task" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "history_dataset_association" add constraint "history_dataset_association_history_id_foreign" foreign key ("history_id") references "history" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "history_dataset_association" add constraint "history_dataset_association_dataset_id_foreign" foreign key ("dataset_id") references "dataset" ("id") on update cascade;`);

    this.addSql(`alter table "job_to_output_dataset" add constraint "job_to_output_dataset_job_id_foreign" foreign key ("job_id") references "job" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "job_to_output_dataset" add constraint "job_to_output_dataset_hda_id_foreign" foreign key ("hda_id") references "history_dataset_association" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "job_to_input_dataset" add constraint "job_to_input_dataset_job_id_foreign" foreign key ("job_id") references "job" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "job_to_input_dataset" add constraint "job_to_input_dataset_hda_id_foreign" foreign key ("hda_id") references "history_dataset_association" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "history_export" drop constraint "history_export_task_id_foreign";`);

    this.addSql(`alter table "history_dataset_association" drop constraint "history_dataset_association_dataset_id_foreign";`);

    this.addSql(`alter table "job" drop constraint "job_history_id_foreign";`);

    this.addSql(`alter table "history_export" drop constraint "history_export_history_id_foreign";`);

    this.addSql(`alter table "history_dataset_association" drop constraint "history_dataset_association_history_id_foreign";`);

    this.addSql(`alter table "job_metric" drop constraint "job_metric_job_id_foreign";`);

    this.addSql(`alter table "job_to_output_dataset" drop constraint "job_to_output_dataset_job_id_foreign";`);

    this.addSql(`alter table "job_to_input_dataset" drop constraint "job_to_input_dataset_job_id_foreign";`);

    this.addSql(`alter table "job_to_output_dataset" drop constraint "job_to_output_dataset_hda_id_foreign";`);

    this.addSql(`alter table "job_to_input_dataset" drop constraint "job_to_input_dataset_hda_id_foreign";`);

    this.addSql(`drop table if exists "background_task" cascade;`);

    this.addSql(`drop table if exists "dataset" cascade;`);

    this.addSql(`drop table if exists "history" cascade;`);

    this.addSql(`drop table if exists "job" cascade;`);

    this.addSql(`drop table if exists "job_metric" cascade;`);

    this.addSql(`drop table if exists "history_export" cascade;`);

    this.addSql(`drop table if exists "history_dataset_association" cascade;`);

    this.addSql(`drop table if exists "job_to_output_dataset" cascade;`);

    this.addSql(`drop table if exists "job_to_input_dataset" cascade;`);
  }

}
