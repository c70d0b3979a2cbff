import { Migration } from '@mikro-orm/migrations';

export class Migration20261121103447_foundation extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "galaxy_group" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "name" varchar(255) not null, "deleted" boolean not null default false);`);
    this.addSql(`alter table "galaxy_group" add constraint "galaxy_group_name_unique" unique ("name");`);

    this.addSql(`create table "quota" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "name" varchar(255) not null, "description" text not null default '', "bytes" bigint not null, "operation" varchar(8) not null default '=', "deleted" boolean not null default false, "purged" boolean not null default false);`);
    this.addSql(`alter table "quota" add constraint "quota_name_unique" unique ("name");`);

    this.addSql(`create table "group_quota_association" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "group_id" int not null, "quota_id" int not null);`);
    this.addSql(`create index "group_quota_association_quota_id_index" on "group_quota_association" ("quota_id");`);
    this.addSql(`alter table "group_quota_association" add constraint "group_quota_association_group_id_quota_id_unique" unique ("group_id", "quota_id");`);

    this.addSql(`create table "default_quota_association" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "type" varchar(32) not null, "quota_id" int not null);`);
    this.addSql(`alter table "default_quota_association" add constraint "default_quota_association_type_unique" unique ("type");`);
    this.addSql(`create index "default_quota_association_quota_id_index" on "default_quota_association" ("quota_id");`);

    this.addSql(`create table "role" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "name" varchar(255) not null, "description" text not null default '', "type" varchar(40) not null, "deleted" boolean not null default false);`);
    this.addSql(`create index "role_name_index" on "role" ("name");`);

    this.addSql(`create table "group_role_association" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "group_id" int not null, "role_id" int not null);`);
    this.addSql(`create index "group_role_association_role_id_index" on "group_role_association" ("role_id");`);
    this.addSql(`alter table "group_role_association" add constraint "group_role_association_group_id_role_id_unique" unique ("group_id", "role_id");`);

    this.addSql(`create table "galaxy_user" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "email" varchar(255) not null, "username" varchar(255) null, "password" varchar(255) null, "deleted" boolean not null default false, "purged" boolean not null default false, "total_disk_usage" bigint not null default 0);`);
    this.addSql(`alter table "galaxy_user" add constraint "galaxy_user_email_unique" unique ("email");`);
    this.addSql(`alter table "galaxy_user" add constraint "galaxy_user_username_unique" unique ("username");`);

    this.addSql(`create table "item_tag" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "user_id" int not null, "item_type" varchar(40) not null, "item_id" int not null, "name" varchar(255) not null, "value" varchar(255) null);`);
    this.addSql(`create index "item_tag_user_id_index" on "item_tag" ("user_id");`);
    this.addSql(`create index "item_tag_item_type_item_id_index" on "item_tag" ("item_type", "item_id");`);

    this.addSql(`create table "galaxy_session" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "user_id" int null, "session_key" varchar(32) not null, "is_valid" boolean not null default true, "remote_addr" varchar(255) null, "current_history_id" int null);`);
    this.addSql(`alter table "galaxy_session" add constraint "galaxy_session_session_key_unique" unique ("session_key");`);
    this.addSql(`create index "galaxy_session_user_id_index" on "galaxy_session" ("user_id");`);

    this.addSql(`create table "api_keys" ("id" serial primary key, "create_time" timestamptz(6) not null, "user_id" int not null, "key" varchar(32) not null);`);
    this.addSql(`alter table "api_keys" add constraint "api_keys_key_unique" unique ("key");`);
    this.addSql(`create index "api_keys_user_id_create_time_index" on "api_keys" ("user_id", "create_time");`);

    this.addSql(`create table "user_group_association" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "user_id" int not null, "group_id" int not null);`);
    this.addSql(`create index "user_group_association_group_id_index" on "user_group_association" ("group_id");`);
    this.addSql(`alter table "user_group_association" add constraint "user_group_association_user_id_group_id_unique" unique ("user_id", "group_id");`);

    this.addSql(`create table "user_quota_association" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "user_id" int not null, "quota_id" int not null);`);
    this.addSql(`create index "user_quota_association_quota_id_index" on "user_quota_association" ("quota_id");`);
    this.addSql(`alter table "user_quota_association" add constraint "user_quota_association_user_id_quota_id_unique" unique ("user_id", "quota_id");`);

    this.addSql(`create table "user_role_association" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "user_id" int not null, "role_id" int not null);`);
    this.addSql(`create index "user_role_association_role_id_index" on "user_role_association" ("role_id");`);
    this.addSql(`alter table "user_role_association" add constraint "user_role_association_user_id_role_id_unique" unique ("user_id", "role_id");`);

    this.addSql(`alter table "group_quota_association" add constraint "group_quota_association_group_id_foreign" foreign key ("group_id") references "galaxy_group" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "group_quota_association" add constraint "group_quota_association_quota_id_foreign" foreign key ("quota_id") references "quota" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "default_quota_association" add constraint "default_quota_association_quota_id_foreign" foreign key ("quota_id") references "quota" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "group_role_association" add constraint "group_role_association_group_id_foreign" foreign key ("group_id") references "galaxy_group" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "group_role_association" add constraint "group_role_association_role_id_foreign" foreign key ("role_id") references "role" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "item_tag" add constraint "item_tag_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "galaxy_session" add constraint "galaxy_session_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "api_keys" add constraint "api_keys_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "user_group_association" add constraint "user_group_association_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "user_group_association" add constraint "user_group_association_group_id_foreign" foreign key ("group_id") references "galaxy_group" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "user_quota_association" add constraint "user_quota_association_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "user_quota_association" add constraint "user_quota_association_quota_id_foreign" foreign key ("quota_id") references "quota" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "user_role_association" add constraint "user_role_association_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "user_role_association" add constraint "user_role_association_role_id_foreign" foreign key ("role_id") references "role" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "group_quota_association" drop constraint "group_quota_association_group_id_foreign";`);

    this.addSql(`alter table "group_role_association" drop constraint "group_role_association_group_id_foreign";`);

    this.addSql(`alter table "user_group_association" drop constraint "user_group_association_group_id_foreign";`);

    this.addSql(`alter table "group_quota_association" drop constraint "group_quota_association_quota_id_foreign";`);

    this.addSql(`alter table "default_quota_association" drop constraint "default_quota_association_quota_id_foreign";`);

    this.addSql(`alter table "user_quota_association" drop constraint "user_quota_association_quota_id_foreign";`);

    this.addSql(`alter table "group_role_association" drop constraint "group_role_association_role_id_foreign";`);

    this.addSql(`alter table "user_role_association" drop constraint "user_role_association_role_id_foreign";`);

    this.addSql(`alter table "item_tag" drop constraint "item_tag_user_id_foreign";`);

    this.addSql(`alter table "galaxy_session" drop constraint "galaxy_session_user_id_foreign";`);

    this.addSql(`alter table "api_keys" drop constraint "api_keys_user_id_foreign";`);

    this.addSql(`alter table "user_group_association" drop constraint "user_group_association_user_id_foreign";`);

    this.addSql(`alter table "user_quota_association" drop constraint "user_quota_association_user_id_foreign";`);

    this.addSql(`alter table "user_role_association" drop constraint "user_role_association_user_id_foreign";`);

    this.addSql(`drop table if exists "galaxy_group" cascade;`);

    this.addSql(`drop table if exists "quota" cascade;`);

    this.addSql(`drop table if exists "group_quota_association" cascade;`);

    this.addSql(`drop table if exists "default_quota_association" cascade;`);

    this.addSql(`drop table if exists "role" cascade;`);

    this.addSql(`drop table if exists "group_role_association" cascade;`);

    this.addSql(`drop table if exists "galaxy_user" cascade;`);

    this.addSql(`drop table if exists "item_tag" cascade;`);

    this.addSql(`drop table if exists "galaxy_session" cascade;`);

    this.addSql(`drop table if exists "api_keys" cascade;`);

    this.addSql(`drop table if exists "user_group_association" cascade;`);

    this.addSql(`drop table if exists "user_quota_association" cascade;`);

    this.addSql(`drop table if exists "user_role_association" cascade;`);
  }

}
