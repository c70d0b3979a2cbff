import { Migration } from '@mikro-orm/migrations';

/** Pages, their revisions (each refers to the other), and the users a page is shared with. */
export class Migration20261125150000_pages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "page" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "user_id" int not null, "title" text not null, "slug" varchar(255) not null, "importable" boolean not null default false, "published" boolean not null default false, "deleted" boolean not null default false, "annotation" text null, "latest_revision_id" int null);`);
    this.addSql(`create index "page_user_id_deleted_index" on "page" ("user_id", "deleted");`);
    this.addSql(`create index "page_published_index" on "page" ("published") where "published";`);
    this.addSql(`create table "page_revision" ("id" serial primary key, "create_time" timestamptz(6) not null, "update_time" timestamptz(6) not null, "page_id" int not null, "title" text not null, "content" text not null default '');`);
    this.addSql(`create index "page_revision_page_id_index" on "page_revision" ("page_id");`);
    this.addSql(`create table "page_user_share_association" ("id" serial primary key, "page_id" int not null, "user_id" int not null);`);
    this.addSql(`alter table "page_user_share_association" add constraint "page_user_share_association_page_id_user_id_unique" unique ("page_id", "user_id");`);
    this.addSql(`create index "page_user_share_association_user_id_index" on "page_user_share_association" ("user_id");`);

    this.addSql(`alter table "page" add constraint "page_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "page" add constraint "page_latest_revision_id_foreign" foreign key ("latest_revision_id") references "page_revision" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "page_revision" add constraint "page_revision_page_id_foreign" foreign key ("page_id") references "page" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "page_user_share_association" add constraint "page_user_share_association_page_id_foreign" foreign key ("page_id") references "page" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "page_user_share_association" add constraint "page_user_share_association_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "page_user_share_association" cascade;`);
    this.addSql(`alter table "page" drop constraint if exists "page_latest_revision_id_foreign";`);
    this.addSql(`drop table if exists "page_revision" cascade;`);
    this.addSql(`drop table if exists "page" cascade;`);
  }
}
