import { Migration } from '@mikro-orm/migrations';

/** Repositories installed from a depot (the platform's tool_shed_repository) and their tools under depot guids. */
export class Migration20261126150000_depot_installs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "tool_shed_repository" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "tool_shed" varchar(255) not null, "depot_url" text not null, "name" varchar(255) not null, "description" text null, "owner" varchar(255) not null, "installed_changeset_revision" varchar(255) not null, "changeset_revision" varchar(255) not null, "ctx_rev" varchar(10) null, "metadata" jsonb null, "includes_datatypes" boolean not null default false, "tool_shed_status" jsonb null, "deleted" boolean not null default false, "uninstalled" boolean not null default false, "dist_to_shed" boolean not null default false, "status" varchar(255) not null default 'New', "error_message" text null, "panel_section_id" varchar(255) null, "panel_section_name" varchar(255) null);`);
    this.addSql(`create index "tool_shed_repository_name_index" on "tool_shed_repository" ("name");`);
    this.addSql(`alter table "tool_shed_repository" add constraint "tool_shed_repository_tool_shed_owner_name_install_cfbcb_unique" unique ("tool_shed", "owner", "name", "installed_changeset_revision");`);

    this.addSql(`create table "depot_installed_tool" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "repository_id" int not null, "guid" text not null, "tool_id" varchar(255) not null, "version" varchar(255) not null, "name" text not null, "config_file" text not null, "lineage" text not null, "local_only" boolean not null default false);`);
    this.addSql(`create index "depot_installed_tool_guid_index" on "depot_installed_tool" ("guid");`);
    this.addSql(`alter table "depot_installed_tool" add constraint "depot_installed_tool_repository_id_guid_unique" unique ("repository_id", "guid");`);
    this.addSql(`alter table "depot_installed_tool" add constraint "depot_installed_tool_repository_id_foreign" foreign key ("repository_id") references "tool_shed_repository" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "depot_installed_tool" cascade;`);
    this.addSql(`drop table if exists "tool_shed_repository" cascade;`);
  }
}
