import { Migration } from '@mikro-orm/migrations';

export class Migration20261121123203_libraries extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "dataset_collection" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "collection_type" varchar(64) not null, "populated" boolean not null default true);`);

    this.addSql(`create table "library" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "name" varchar(255) not null, "description" text not null default '', "synopsis" text not null default '', "root_folder_id" int null, "deleted" boolean not null default false, "purged" boolean not null default false);`);
    this.addSql(`create index "library_deleted_name_index" on "library" ("deleted", "name");`);

    this.addSql(`create table "library_folder" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "library_id" int not null, "parent_id" int null, "name" text not null, "description" text not null default '', "genome_build" varchar(255) null, "deleted" boolean not null default false, "purged" boolean not null default false);`);
    this.addSql(`create index "library_folder_parent_id_index" on "library_folder" ("parent_id");`);
    this.addSql(`create index "library_folder_library_id_parent_id_index" on "library_folder" ("library_id", "parent_id");`);

    this.addSql(`create table "library_dataset_collection_association" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "collection_id" int not null, "folder_id" int not null, "name" text not null, "deleted" boolean not null default false);`);
    this.addSql(`create index "library_dataset_collection_association_folder_id_index" on "library_dataset_collection_association" ("folder_id");`);

    this.addSql(`create table "item_permission" ("id" serial primary key, "item_type" varchar(32) not null, "item_id" int not null, "action" varchar(64) not null, "role_id" int not null);`);
    this.addSql(`create index "item_permission_role_id_index" on "item_permission" ("role_id");`);
    this.addSql(`create index "item_permission_item_type_item_id_action_index" on "item_permission" ("item_type", "item_id", "action");`);
    this.addSql(`alter table "item_permission" add constraint "item_permission_item_type_item_id_action_role_id_unique" unique ("item_type", "item_id", "action", "role_id");`);

    this.addSql(`create table "library_dataset" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "folder_id" int not null, "ldda_id" int null, "name" text not null default '', "info" text null, "deleted" boolean not null default false, "purged" boolean not null default false);`);
    this.addSql(`create index "library_dataset_folder_id_index" on "library_dataset" ("folder_id");`);

    this.addSql(`create table "library_dataset_dataset_association" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "library_dataset_id" int not null, "dataset_id" int not null, "user_id" int null, "name" text not null, "info" text null, "blurb" text null, "peek" text null, "extension" varchar(64) not null default 'data', "dbkey" varchar(64) not null default '?', "metadata" jsonb not null, "message" text null, "visible" boolean not null default true, "deleted" boolean not null default false, "purged" boolean not null default false, "copied_from_hda_id" int null, "copied_from_ldda_id" int null);`);
    this.addSql(`create index "library_dataset_dataset_association_dataset_id_index" on "library_dataset_dataset_association" ("dataset_id");`);
    this.addSql(`create index "library_dataset_dataset_association_library_dataset_id_index" on "library_dataset_dataset_association" ("library_dataset_id");`);

    this.addSql(`create table "implicitly_converted_dataset_association" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "parent_ldda_id" int not null, "converted_ldda_id" int not null, "type" varchar(64) not null, "deleted" boolean not null default false);`);
    this.addSql(`create index "implicitly_converted_dataset_association_parent_ldda_id_index" on "implicitly_converted_dataset_association" ("parent_ldda_id");`);

    this.addSql(`create table "extended_metadata" ("id" serial primary key, "ldda_id" int not null, "data" jsonb not null);`);
    this.addSql(`create index "extended_metadata_ldda_id_index" on "extended_metadata" ("ldda_id");`);

    this.addSql(`create table "extended_metadata_index" ("id" serial primary key, "extended_metadata_id" int not null, "path" text not null, "value" text null);`);
    this.addSql(`create index "extended_metadata_index_extended_metadata_id_index" on "extended_metadata_index" ("extended_metadata_id");`);
    this.addSql(`create index "extended_metadata_index_path_value_index" on "extended_metadata_index" ("path", "value");`);

    this.addSql(`create table "dataset_collection_element" ("id" serial primary key, "collection_id" int not null, "ldda_id" int null, "element_index" int not null, "element_identifier" varchar(255) not null);`);
    this.addSql(`create index "dataset_collection_element_collection_id_element_index_index" on "dataset_collection_element" ("collection_id", "element_index");`);

    this.addSql(`alter table "library" add constraint "library_root_folder_id_foreign" foreign key ("root_folder_id") references "library_folder" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "library_folder" add constraint "library_folder_library_id_foreign" foreign key ("library_id") references "library" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "library_folder" add constraint "library_folder_parent_id_foreign" foreign key ("parent_id") references "library_folder" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "library_dataset_collection_association" add constraint "library_dataset_collection_association_collection_id_foreign" foreign key ("collection_id") references "dataset_collection" ("id") on update cascade;`);
    this.addSql(`alter table "library_dataset_collection_association" add constraint "library_dataset_collection_association_folder_id_foreign" foreign key ("folder_id") references "library_folder" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "item_permission" add constraint "item_permission_role_id_foreign" foreign key ("role_id") references "role" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "library_dataset" add constraint "library_dataset_folder_id_foreign" foreign key ("folder_id") references "library_folder" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "library_dataset" add constraint "library_dataset_ldda_id_foreign" foreign key ("ldda_id") references "library_dataset_dataset_association" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "library_dataset_dataset_association" add constraint "library_dataset_dataset_association_library_dataset_id_foreign" foreign key ("library_dataset_id") references "library_dataset" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "library_dataset_dataset_association" add constraint "library_dataset_dataset_association_dataset_id_foreign" foreign key ("dataset_id") references "dataset" ("id") on update cascade;`);
    this.addSql(`alter table "library_dataset_dataset_association" add constraint "library_dataset_dataset_association_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "implicitly_converted_dataset_association" add constraint "implicitly_converted_dataset_association_parent_ldda_id_foreign" foreign key ("parent_ldda_id") references "library_dataset_dataset_association" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "implicitly_converted_dataset_association" add constraint "implicitly_converted_dataset_association_convert_3fd5b_foreign" foreign key ("converted_ldda_id") references "library_dataset_dataset_association" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "extended_metadata" add constraint "extended_metadata_ldda_id_foreign" foreign key ("ldda_id") references "library_dataset_dataset_association" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "extended_metadata_index" add constraint "extended_metadata_index_extended_metadata_id_foreign" foreign key ("extended_metadata_id") references "extended_metadata" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "dataset_collection_element" add constraint "dataset_collection_element_collection_id_foreign" foreign key ("collection_id") references "dataset_collection" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "dataset_collection_element" add constraint "dataset_collection_element_ldda_id_foreign" foreign key ("ldda_id") references "library_dataset_dataset_association" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "job_to_output_dataset" add column "ldda_id" int null;`);
    this.addSql(`alter table "job_to_output_dataset" add constraint "job_to_output_dataset_ldda_id_foreign" foreign key ("ldda_id") references "library_dataset_dataset_association" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "job_to_input_dataset" add column "ldda_id" int null;`);
    this.addSql(`alter table "job_to_input_dataset" add constraint "job_to_input_dataset_ldda_id_foreign" foreign key ("ldda_id") references "library_dataset_dataset_association" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "library_dataset_collection_association" drop constraint "library_dataset_collection_association_collection_id_foreign";`);

    this.addSql(`alter table "dataset_collection_element" drop constraint "dataset_collection_element_collection_id_foreign";`);

    this.addSql(`alter table "library_folder" drop constraint "library_folder_library_id_foreign";`);

    this.addSql(`alter table "library" drop constraint "library_root_folder_id_foreign";`);

    this.addSql(`alter table "library_folder" drop constraint "library_folder_parent_id_foreign";`);

    this.addSql(`alter table "library_dataset_collection_association" drop constraint "library_dataset_collection_association_folder_id_foreign";`);

    this.addSql(`alter table "library_dataset" drop constraint "library_dataset_folder_id_foreign";`);

    this.addSql(`alter table "library_dataset_dataset_association" drop constraint "library_dataset_dataset_association_library_dataset_id_foreign";`);

    this.addSql(`alter table "library_dataset" drop constraint "library_dataset_ldda_id_foreign";`);

    this.addSql(`alter table "implicitly_converted_dataset_association" drop constraint "implicitly_converted_dataset_association_parent_ldda_id_foreign";`);

    this.addSql(`alter table "implicitly_converted_dataset_association" drop constraint "implicitly_converted_dataset_association_convert_3fd5b_foreign";`);

    this.addSql(`alter table "extended_metadata" drop constraint "extended_metadata_ldda_id_foreign";`);

    this.addSql(`alter table "dataset_collection_element" drop constraint "dataset_collection_element_ldda_id_foreign";`);

    this.addSql(`alter table "job_to_output_dataset" drop constraint "job_to_output_dataset_ldda_id_foreign";`);

    this.addSql(`alter table "job_to_input_dataset" drop constraint "job_to_input_dataset_ldda_id_foreign";`);

    this.addSql(`alter table "extended_metadata_index" drop constraint "extended_metadata_index_extended_metadata_id_foreign";`);

    this.addSql(`drop table if exists "dataset_collection" cascade;`);

    this.addSql(`drop table if exists "library" cascade;`);

    this.addSql(`drop table if exists "library_folder" cascade;`);

    this.addSql(`drop table if exists "library_dataset_collection_association" cascade;`);

    this.addSql(`drop table if exists "item_permission" cascade;`);

    this.addSql(`drop table if exists "library_dataset" cascade;`);

    this.addSql(`drop table if exists "library_dataset_dataset_association" cascade;`);

    this.addSql(`drop table if exists "implicitly_converted_dataset_association" cascade;`);

    this.addSql(`drop table if exists "extended_metadata" cascade;`);

    this.addSql(`drop table if exists "extended_metadata_index" cascade;`);

    this.addSql(`drop table if exists "dataset_collection_element" cascade;`);

    this.addSql(`alter table "job_to_input_dataset" drop column "ldda_id";`);

    this.addSql(`alter table "job_to_output_dataset" drop column "ldda_id";`);
  }

}
