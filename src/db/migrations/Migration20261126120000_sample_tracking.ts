import { Migration } from '@mikro-orm/migrations';

/**
 * Sample tracking: forms (versions under a current pointer), external services, request types with
 * their sample states, requests and samples with their events, and the datasets of samples.
 */
export class Migration20261126120000_sample_tracking extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "form_definition_current" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "latest_form_id" int null, "deleted" boolean not null default false);`);

    this.addSql(`create table "form_definition" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "name" text not null, "desc" text not null default '', "type" text not null, "form_definition_current_id" int not null, "fields" jsonb not null, "layout" jsonb not null);`);
    this.addSql(`create index "form_definition_form_definition_current_id_index" on "form_definition" ("form_definition_current_id");`);

    this.addSql(`create table "external_service" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "name" text not null, "description" text not null default '', "external_service_type_id" text not null, "version" text null, "form_definition_id" int null, "form_values" jsonb not null, "deleted" boolean not null default false);`);

    this.addSql(`create table "request_type" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "name" text not null, "desc" text not null default '', "request_form_id" int not null, "sample_form_id" int not null, "run_details_form_id" int null, "deleted" boolean not null default false);`);
    this.addSql(`create index "request_type_deleted_name_index" on "request_type" ("deleted", "name");`);

    this.addSql(`create table "request_type_external_service_association" ("id" serial primary key, "request_type_id" int not null, "external_service_id" int not null);`);
    this.addSql(`alter table "request_type_external_service_association" add constraint "request_type_external_service_association_request_e403c_unique" unique ("request_type_id", "external_service_id");`);

    this.addSql(`create table "sample_state" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "name" text not null, "desc" text not null default '', "request_type_id" int not null);`);
    this.addSql(`create index "sample_state_request_type_id_index" on "sample_state" ("request_type_id");`);

    this.addSql(`create table "request" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "name" text not null, "desc" text not null default '', "values" jsonb not null, "request_type_id" int not null, "user_id" int not null, "deleted" boolean not null default false);`);
    this.addSql(`create index "request_request_type_id_index" on "request" ("request_type_id");`);
    this.addSql(`create index "request_user_id_deleted_index" on "request" ("user_id", "deleted");`);

    this.addSql(`create table "sample" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "name" text not null, "desc" text not null default '', "values" jsonb not null, "request_id" int not null, "bar_code" text null, "library_id" int null, "folder_id" int null, "run_details_form_id" int null, "run_details" jsonb not null, "deleted" boolean not null default false);`);
    this.addSql(`create index "sample_request_id_id_index" on "sample" ("request_id", "id");`);

    this.addSql(`create table "sample_event" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "sample_id" int not null, "sample_state_id" int not null, "comment" text not null default '');`);
    this.addSql(`create index "sample_event_sample_id_id_index" on "sample_event" ("sample_id", "id");`);

    this.addSql(`create table "sample_dataset" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "sample_id" int not null, "name" text not null, "file_path" text not null default '', "status" text not null default 'Not started', "error_msg" text not null default '', "size" text not null default '', "external_service_id" int null);`);
    this.addSql(`create index "sample_dataset_sample_id_id_index" on "sample_dataset" ("sample_id", "id");`);

    this.addSql(`create table "request_event" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "request_id" int not null, "state" text not null, "comment" text not null default '');`);
    this.addSql(`create index "request_event_request_id_id_index" on "request_event" ("request_id", "id");`);

    this.addSql(`alter table "form_definition_current" add constraint "form_definition_current_latest_form_id_foreign" foreign key ("latest_form_id") references "form_definition" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "form_definition" add constraint "form_definition_form_definition_current_id_foreign" foreign key ("form_definition_current_id") references "form_definition_current" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "external_service" add constraint "external_service_form_definition_id_foreign" foreign key ("form_definition_id") references "form_definition" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "request_type" add constraint "request_type_request_form_id_foreign" foreign key ("request_form_id") references "form_definition" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "request_type" add constraint "request_type_sample_form_id_foreign" foreign key ("sample_form_id") references "form_definition" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "request_type" add constraint "request_type_run_details_form_id_foreign" foreign key ("run_details_form_id") references "form_definition" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "request_type_external_service_association" add constraint "request_type_external_service_association_reques_448f1_foreign" foreign key ("request_type_id") references "request_type" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "request_type_external_service_association" add constraint "request_type_external_service_association_extern_a12eb_foreign" foreign key ("external_service_id") references "external_service" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "sample_state" add constraint "sample_state_request_type_id_foreign" foreign key ("request_type_id") references "request_type" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "request" add constraint "request_request_type_id_foreign" foreign key ("request_type_id") references "request_type" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "request" add constraint "request_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "sample" add constraint "sample_request_id_foreign" foreign key ("request_id") references "request" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "sample" add constraint "sample_library_id_foreign" foreign key ("library_id") references "library" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "sample" add constraint "sample_folder_id_foreign" foreign key ("folder_id") references "library_folder" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "sample" add constraint "sample_run_details_form_id_foreign" foreign key ("run_details_form_id") references "form_definition" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "sample_event" add constraint "sample_event_sample_id_foreign" foreign key ("sample_id") references "sample" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "sample_event" add constraint "sample_event_sample_state_id_foreign" foreign key ("sample_state_id") references "sample_state" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "sample_dataset" add constraint "sample_dataset_sample_id_foreign" foreign key ("sample_id") references "sample" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "sample_dataset" add constraint "sample_dataset_external_service_id_foreign" foreign key ("external_service_id") references "external_service" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "request_event" add constraint "request_event_request_id_foreign" foreign key ("request_id") references "request" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "form_definition" drop constraint "form_definition_form_definition_current_id_foreign";`);

    this.addSql(`alter table "form_definition_current" drop constraint "form_definition_current_latest_form_id_foreign";`);

    this.addSql(`alter table "external_service" drop constraint "external_service_form_definition_id_foreign";`);

    this.addSql(`alter table "request_type" drop constraint "request_type_request_form_id_foreign";`);

    this.addSql(`alter table "request_type" drop constraint "request_type_sample_form_id_foreign";`);

    this.addSql(`alter table "request_type" drop constraint "request_type_run_details_form_id_foreign";`);

    this.addSql(`alter table "sample" drop constraint "sample_run_details_form_id_foreign";`);

    this.addSql(`alter table "request_type_external_service_association" drop constraint "request_type_external_service_association_extern_a12eb_foreign";`);

    this.addSql(`alter table "sample_dataset" drop constraint "sample_dataset_external_service_id_foreign";`);

    this.addSql(`alter table "request_type_external_service_association" drop constraint "request_type_external_service_association_reques_448f1_foreign";`);

    this.addSql(`alter table "sample_state" drop constraint "sample_state_request_type_id_foreign";`);

    this.addSql(`alter table "request" drop constraint "request_request_type_id_foreign";`);

    this.addSql(`alter table "sample_event" drop constraint "sample_event_sample_state_id_foreign";`);

    this.addSql(`alter table "sample" drop constraint "sample_request_id_foreign";`);

    this.addSql(`alter table "request_event" drop constraint "request_event_request_id_foreign";`);

    this.addSql(`alter table "sample_event" drop constraint "sample_event_sample_id_foreign";`);

    this.addSql(`alter table "sample_dataset" drop constraint "sample_dataset_sample_id_foreign";`);

    this.addSql(`drop table if exists "form_definition_current" cascade;`);

    this.addSql(`drop table if exists "form_definition" cascade;`);

    this.addSql(`drop table if exists "external_service" cascade;`);

    this.addSql(`drop table if exists "request_type" cascade;`);

    this.addSql(`drop table if exists "request_type_external_service_association" cascade;`);

    this.addSql(`drop table if exists "sample_state" cascade;`);

    this.addSql(`drop table if exists "request" cascade;`);

    this.addSql(`drop table if exists "sample" cascade;`);

    this.addSql(`drop table if exists "sample_event" cascade;`);

    this.addSql(`drop table if exists "sample_dataset" cascade;`);

    this.addSql(`drop table if exists "request_event" cascade;`);
  }
}
