import { Migration } from '@mikro-orm/migrations';

/**
 * Dataset collections in histories: an element is a history dataset, a library dataset version or a
 * child collection (nested types such as list:paired); a history dataset collection association
 * places a collection in a history with its own hid. `element_count` is kept on the collection
 * (elements never change once created), so a listing of collections reads no elements.
 */
export class Migration20261125140000_history_collections extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "dataset_collection" add column "element_count" int not null default 0;`);
    this.addSql(`update "dataset_collection" c set "element_count" = (select count(*) from "dataset_collection_element" e where e."collection_id" = c."id");`);
    this.addSql(`alter table "dataset_collection_element" add column "hda_id" int null, add column "child_collection_id" int null;`);
    this.addSql(`alter table "dataset_collection_element" add constraint "dataset_collection_element_hda_id_foreign" foreign key ("hda_id") references "history_dataset_association" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "dataset_collection_element" add constraint "dataset_collection_element_child_collection_id_foreign" foreign key ("child_collection_id") references "dataset_collection" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "dataset_collection_element_hda_id_index" on "dataset_collection_element" ("hda_id");`);
    this.addSql(`create index "dataset_collection_element_child_collection_id_index" on "dataset_collection_element" ("child_collection_id");`);
    this.addSql(`create table "history_dataset_collection_association" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null,
      "history_id" int not null, "collection_id" int not null, "hid" int not null, "name" text not null, "visible" boolean not null default true,
      "deleted" boolean not null default false, "copied_from_id" int null, "implicit_output_name" varchar(255) null);`);
    this.addSql(`create index "history_dataset_collection_association_history_id_hid_index" on "history_dataset_collection_association" ("history_id", "hid");`);
    this.addSql(`alter table "history_dataset_collection_association" add constraint "history_dataset_collection_association_history_id_foreign" foreign key ("history_id") references "history" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "history_dataset_collection_association" add constraint "history_dataset_collection_association_collection_id_foreign" foreign key ("collection_id") references "dataset_collection" ("id") on update cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "history_dataset_collection_association" cascade;`);
    this.addSql(`alter table "dataset_collection_element" drop column "hda_id", drop column "child_collection_id";`);
    this.addSql(`alter table "dataset_collection" drop column "element_count";`);
  }
}
