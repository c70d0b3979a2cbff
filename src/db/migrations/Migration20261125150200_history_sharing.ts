import { Migration } from '@mikro-orm/migrations';

/** Histories shared with named users (the platform's history_user_share_association). */
export class Migration20261125150200_history_sharing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "history_user_share_association" ("id" serial primary key, "history_id" int not null, "user_id" int not null);`);
    this.addSql(`alter table "history_user_share_association" add constraint "history_user_share_association_history_id_user_id_unique" unique ("history_id", "user_id");`);
    this.addSql(`create index "history_user_share_association_user_id_index" on "history_user_share_association" ("user_id");`);
    this.addSql(`alter table "history_user_share_association" add constraint "history_user_share_association_history_id_foreign" foreign key ("history_id") references "history" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "history_user_share_association" add constraint "history_user_share_association_user_id_foreign" foreign key ("user_id") references "galaxy_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "history_user_share_association" cascade;`);
  }
}
