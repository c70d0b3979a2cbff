import { Migration } from '@mikro-orm/migrations';

/**
 * The depot's own schema: users, keys and sessions, categories, repositories, their changesets (git
 * commits) and metadata records (the installable revisions), and the depot's task queue.
 */
export class Migration20261126130000_depot extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "depot";`);
    this.addSql(`create table "depot"."category" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "name" varchar(255) not null, "description" text not null default '', "deleted" boolean not null default false);`);
    this.addSql(`alter table "depot"."category" add constraint "category_name_unique" unique ("name");`);

    this.addSql(`create table "depot"."background_task" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "kind" varchar(64) not null, "payload" jsonb not null, "state" varchar(32) not null default 'queued', "attempts" int not null default 0, "max_attempts" int not null default 3, "locked_by" varchar(255) null, "heartbeat_time" timestamptz(6) null, "run_after" timestamptz(6) not null, "result" jsonb null, "error" text null);`);
    this.addSql(`create index "background_task_state_run_after_index" on "depot"."background_task" ("state", "run_after");`);

    this.addSql(`create table "depot"."galaxy_user" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "email" varchar(255) not null, "username" varchar(255) not null, "password" varchar(255) null, "deleted" boolean not null default false, "purged" boolean not null default false);`);
    this.addSql(`alter table "depot"."galaxy_user" add constraint "galaxy_user_email_unique" unique ("email");`);
    this.addSql(`alter table "depot"."galaxy_user" add constraint "galaxy_user_username_unique" unique ("username");`);

    this.addSql(`create table "depot"."galaxy_session" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "user_id" int null, "session_key" varchar(255) not null, "is_valid" boolean not null default true);`);
    this.addSql(`alter table "depot"."galaxy_session" add constraint "galaxy_session_session_key_unique" unique ("session_key");`);

    this.addSql(`create table "depot"."api_keys" ("id" serial primary key, "create_time" timestamptz(6) not null, "user_id" int not null, "key" varchar(32) not null);`);
    this.addSql(`alter table "depot"."api_keys" add constraint "api_keys_key_unique" unique ("key");`);
    this.addSql(`create index "api_keys_user_id_create_time_index" on "depot"."api_keys" ("user_id", "create_time");`);

    this.addSql(`create table "depot"."repository" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "name" varchar(255) not null, "type" varchar(64) not null default 'unrestricted', "user_id" int not null, "description" text not null default '', "long_description" text not null default '', "homepage_url" text not null default '', "remote_repository_url" text not null default '', "private" boolean not null default false, "deleted" boolean not null default false, "deprecated" boolean not null default false, "times_downloaded" int not null default 0);`);
    this.addSql(`create index "repository_name_index" on "depot"."repository" ("name");`);
    this.addSql(`create index "repository_listed_index" on "depot"."repository" ("deleted", "name") where not "deprecated";`);
    this.addSql(`alter table "depot"."repository" add constraint "repository_user_id_name_unique" unique ("user_id", "name");`);

    this.addSql(`create table "depot"."changeset" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "repository_id" int not null, "ctx_rev" int not null, "changeset_revision" varchar(12) not null, "commit_hash" varchar(40) not null, "commit_message" text not null default '', "user_id" int null, "metadata_state" varchar(16) not null default 'pending', "metadata" jsonb null, "metadata_error" text null);`);
    this.addSql(`create index "changeset_metadata_state_index" on "depot"."changeset" ("metadata_state");`);
    this.addSql(`alter table "depot"."changeset" add constraint "changeset_repository_id_changeset_revision_unique" unique ("repository_id", "changeset_revision");`);
    this.addSql(`alter table "depot"."changeset" add constraint "changeset_repository_id_ctx_rev_unique" unique ("repository_id", "ctx_rev");`);

    this.addSql(`create table "depot"."repository_category_association" ("id" serial primary key, "repository_id" int not null, "category_id" int not null);`);
    this.addSql(`create index "repository_category_association_category_id_index" on "depot"."repository_category_association" ("category_id");`);
    this.addSql(`alter table "depot"."repository_category_association" add constraint "repository_category_association_repository_id_cat_18813_unique" unique ("repository_id", "category_id");`);

    this.addSql(`create table "depot"."repository_metadata" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "repository_id" int not null, "changeset_revision" varchar(12) not null, "ctx_rev" int not null, "metadata" jsonb not null, "downloadable" boolean not null default true, "malicious" boolean not null default false, "missing_test_components" boolean not null default false, "tools_functionally_correct" boolean not null default false, "do_not_test" boolean not null default false, "test_install_error" boolean not null default false, "skip_tool_test" boolean not null default false, "time_last_tested" timestamptz(6) null, "tool_test_results" jsonb null, "has_repository_dependencies" boolean not null default false, "includes_datatypes" boolean not null default false, "includes_tools" boolean not null default false, "includes_tool_dependencies" boolean not null default false, "includes_tools_for_display_in_tool_panel" boolean not null default false, "includes_workflows" boolean not null default false);`);
    this.addSql(`create index "repository_metadata_repository_id_ctx_rev_index" on "depot"."repository_metadata" ("repository_id", "ctx_rev");`);
    this.addSql(`alter table "depot"."repository_metadata" add constraint "repository_metadata_repository_id_changeset_revision_unique" unique ("repository_id", "changeset_revision");`);

    this.addSql(`alter table "depot"."galaxy_session" add constraint "galaxy_session_user_id_foreign" foreign key ("user_id") references "depot"."galaxy_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "depot"."api_keys" add constraint "api_keys_user_id_foreign" foreign key ("user_id") references "depot"."galaxy_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "depot"."repository" add constraint "repository_user_id_foreign" foreign key ("user_id") references "depot"."galaxy_user" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "depot"."changeset" add constraint "changeset_repository_id_foreign" foreign key ("repository_id") references "depot"."repository" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "depot"."changeset" add constraint "changeset_user_id_foreign" foreign key ("user_id") references "depot"."galaxy_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "depot"."repository_category_association" add constraint "repository_category_association_repository_id_foreign" foreign key ("repository_id") references "depot"."repository" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "depot"."repository_category_association" add constraint "repository_category_association_category_id_foreign" foreign key ("category_id") references "depot"."category" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "depot"."repository_metadata" add constraint "repository_metadata_repository_id_foreign" foreign key ("repository_id") references "depot"."repository" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop schema if exists "depot" cascade;`);
  }
}
