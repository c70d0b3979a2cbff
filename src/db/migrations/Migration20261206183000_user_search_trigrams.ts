import { Migration } from '@mikro-orm/migrations';

/**
 * The administrators' user search (src/services/admin-users/users-page.ts) finds a fragment anywhere
 * in an email or a public name (`ilike '%fragment%'`): trigram indexes serve it without reading every
 * user. pg_trgm ships with PostgreSQL (contrib) and is a trusted extension (13+), so the database's
 * owner may create it: in the embedded PostgreSQL 17 and in Debian's 15 alike.
 */
export class Migration20261206183000_user_search_trigrams extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "galaxy_user_email_trgm_index" on "galaxy_user" using gin ("email" gin_trgm_ops);`);
    this.addSql(`create index "galaxy_user_username_trgm_index" on "galaxy_user" using gin ("username" gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "galaxy_user_username_trgm_index";`);
    this.addSql(`drop index if exists "galaxy_user_email_trgm_index";`);
  }

}
