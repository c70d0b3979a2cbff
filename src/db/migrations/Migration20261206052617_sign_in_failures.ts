import { Migration } from '@mikro-orm/migrations';

/**
 * Failed sign-ins of the platform, counted per account and per client address in a window
 * (src/services/sessions/sign-in-limiter.ts): in the database, so that every server process
 * counts the same attempts. The index lets old windows be swept.
 */
export class Migration20261206052617_sign_in_failures extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "sign_in_failure" ("key" text not null, "window_start" timestamptz(6) not null, "failures" int not null, constraint "sign_in_failure_pkey" primary key ("key"));`);
    this.addSql(`create index "sign_in_failure_window_start_index" on "sign_in_failure" ("window_start");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sign_in_failure" cascade;`);
  }

}
