import { Migration } from '@mikro-orm/migrations';

/** Stored workflows, their versions and steps, sharing, and invocations with their steps and jobs. */
export class Migration20261126100000_workflows extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "stored_workflow" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "user_id" int not null, "name" text not null, "slug" varchar(255) null, "importable" boolean not null default false, "published" boolean not null default false, "deleted" boolean not null default false, "annotation" text null, "latest_workflow_id" int null);`);
    this.addSql(`create index "stored_workflow_published_deleted_index" on "stored_workflow" ("published", "deleted");`);
    this.addSql(`create index "stored_workflow_user_id_deleted_index" on "stored_workflow" ("user_id", "deleted");`);

    this.addSql(`create table "workflow" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "stored_workflow_id" int not null, "name" text not null, "uuid" uuid not null, "has_cycles" boolean not null default false, "has_errors" boolean not null default false);`);
    this.addSql(`create index "workflow_stored_workflow_id_index" on "workflow" ("stored_workflow_id");`);

    this.addSql(`create table "stored_workflow_user_share_association" ("id" serial primary key, "stored_workflow_id" int not null, "user_id" int not null);`);
    this.addSql(`create index "stored_workflow_user_share_association_user_id_index" on "stored_workflow_user_share_association" ("user_id");`);
    this.addSql(`alter table "stored_workflow_user_share_association" add constraint "stored_workflow_user_share_association_stored_wor_5e645_unique" unique ("stored_workflow_id", "user_id");`);

    this.addSql(`create table "workflow_invocation" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "workflow_id" int not null, "history_id" int not null, "user_id" int not null, "state" varchar(64) not null default 'new', "uuid" uuid not null, "request" jsonb not null, "message" text null);`);
    this.addSql(`create index "workflow_invocation_history_id_index" on "workflow_invocation" ("history_id");`);
    this.addSql(`create index "workflow_invocation_user_id_create_time_index" on "workflow_invocation" ("user_id", "create_time");`);
    this.addSql(`create index "workflow_invocation_workflow_id_index" on "workflow_invocation" ("workflow_id");`);

    this.addSql(`create table "workflow_step" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "workflow_id" int not null, "order_index" int not null, "type" varchar(64) not null, "tool_id" varchar(255) null, "tool_version" varchar(64) null, "tool_inputs" jsonb not null, "label" text null, "uuid" uuid not null, "annotation" text null, "position" jsonb null, "input_connections" jsonb not null, "post_job_actions" jsonb not null, "workflow_outputs" jsonb not null);`);
    this.addSql(`alter table "workflow_step" add constraint "workflow_step_workflow_id_order_index_unique" unique ("workflow_id", "order_index");`);

    this.addSql(`create table "workflow_invocation_step" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "invocation_id" int not null, "workflow_step_id" int not null, "state" varchar(64) not null default 'scheduled', "outputs" jsonb not null);`);
    this.addSql(`alter table "workflow_invocation_step" add constraint "workflow_invocation_step_invocation_id_workflow_step_id_unique" unique ("invocation_id", "workflow_step_id");`);

    this.addSql(`create table "workflow_invocation_step_job" ("id" serial primary key, "invocation_step_id" int not null, "job_id" int not null);`);
    this.addSql(`create index "workflow_invocation_step_job_invocation_step_id_index" on "workflow_invocation_step_job" ("invocation_step_id");`);
    this.addSql(`alter table "workflow_invocation_step_job" add constraint "workflow_invocation_step_job_job_id_unique" unique ("job_id");`);

    this.addSql(`alter table "stored_workflow" add constraint "stored_workflow_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "stored_workflow" add constraint "stored_workflow_latest_workflow_id_foreign" foreign key ("latest_workflow_id") references "workflow" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "workflow" add constraint "workflow_stored_workflow_id_foreign" foreign key ("stored_workflow_id") references "stored_workflow" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "stored_workflow_user_share_association" add constraint "stored_workflow_user_share_association_stored_wo_d9b85_foreign" foreign key ("stored_workflow_id") references "stored_workflow" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "stored_workflow_user_share_association" add constraint "stored_workflow_user_share_association_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "workflow_invocation" add constraint "workflow_invocation_workflow_id_foreign" foreign key ("workflow_id") references "workflow" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "workflow_invocation" add constraint "workflow_invocation_history_id_foreign" foreign key ("history_id") references "history" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "workflow_invocation" add constraint "workflow_invocation_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "workflow_step" add constraint "workflow_step_workflow_id_foreign" foreign key ("workflow_id") references "workflow" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "workflow_invocation_step" add constraint "workflow_invocation_step_invocation_id_foreign" foreign key ("invocation_id") references "workflow_invocation" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "workflow_invocation_step" add constraint "workflow_invocation_step_workflow_step_id_foreign" foreign key ("workflow_step_id") references "workflow_step" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "workflow_invocation_step_job" add constraint "workflow_invocation_step_job_invocation_step_id_foreign" foreign key ("invocation_step_id") references "workflow_invocation_step" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "workflow_invocation_step_job" add constraint "workflow_invocation_step_job_job_id_foreign" foreign key ("job_id") references "job" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "workflow" drop constraint "workflow_stored_workflow_id_foreign";`);

    this.addSql(`alter table "stored_workflow_user_share_association" drop constraint "stored_workflow_user_share_association_stored_wo_d9b85_foreign";`);

    this.addSql(`alter table "stored_workflow" drop constraint "stored_workflow_latest_workflow_id_foreign";`);

    this.addSql(`alter table "workflow_invocation" drop constraint "workflow_invocation_workflow_id_foreign";`);

    this.addSql(`alter table "workflow_step" drop constraint "workflow_step_workflow_id_foreign";`);

    this.addSql(`alter table "workflow_invocation_step" drop constraint "workflow_invocation_step_invocation_id_foreign";`);

    this.addSql(`alter table "workflow_invocation_step" drop constraint "workflow_invocation_step_workflow_step_id_foreign";`);

    this.addSql(`alter table "workflow_invocation_step_job" drop constraint "workflow_invocation_step_job_invocation_step_id_foreign";`);

    this.addSql(`drop table if exists "stored_workflow" cascade;`);

    this.addSql(`drop table if exists "workflow" cascade;`);

    this.addSql(`drop table if exists "stored_workflow_user_share_association" cascade;`);

    this.addSql(`drop table if exists "workflow_invocation" cascade;`);

    this.addSql(`drop table if exists "workflow_step" cascade;`);

    this.addSql(`drop table if exists "workflow_invocation_step" cascade;`);

    this.addSql(`drop table if exists "workflow_invocation_step_job" cascade;`);
  }

}
