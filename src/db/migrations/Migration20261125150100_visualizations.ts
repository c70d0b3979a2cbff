import { Migration } from '@mikro-orm/migrations';

/** Visualizations, their revisions (title, dbkey, config) and the users they are shared with. */
export class Migration20261125150100_visualizations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "visualization" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "user_id" int not null, "title" text not null, "type" varchar(255) not null, "dbkey" text null, "slug" text null, "annotation" text null, "importable" boolean not null default false, "published" boolean not null default false, "deleted" boolean not null default false, "latest_revision_id" int null);`);
    this.addSql(`create index "visualization_user_id_deleted_index" on "visualization" ("user_id", "deleted");`);
    this.addSql(`create index "visualization_published_index" on "visualization" ("published") where "published";`);
    this.addSql(`create table "visualization_revision" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "visualization_id" int not null, "title" text not null, "dbkey" text null, "config" jsonb not null);`);
    this.addSql(`create index "visualization_revision_visualization_id_index" on "visualization_revision" ("visualization_id");`);
    this.addSql(`create table "visualization_user_share_association" ("id" serial primary key, "visualization_id" int not null, "user_id" int not null);`);
    this.addSql(`alter table "visualization_user_share_association" add constraint "visualization_user_share_association_visualization_id_user_id_unique" unique ("visualization_id", "user_id");`);
    this.addSql(`create index "visualization_user_share_association_user_id_index" on "visualization_user_share_association" ("user_id");`);
    this.addSql(`alter table "visualization" add constraint "visualization_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "visualization" add constraint "visualization_latest_revision_id_foreign" foreign key ("latest_revision_id") references "visualization_revision" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "visualization_revision" add constraint "visualization_revision_visualization_id_foreign" foreign key ("visualization_id") references "visualization" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "visualization_user_share_association" add constraint "visualization_user_share_association_visualization_id_foreign" foreign key ("visualization_id") references "visualization" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "visualization_user_share_association" add constraint "visualization_user_share_association_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "visualization_user_share_association" cascade;`);
    this.addSql(`drop table if exists "visualization_revision" cascade;`);
    this.addSql(`drop table if exists "visualization" cascade;`);
  }
}
