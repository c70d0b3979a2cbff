import { Migration } from '@mikro-orm/migrations';

/**
 * The administrators' user search (src/services/admin-users/users-page.ts) finds a fragment anywhere
 * in an email or a public name (`ilike '%fragment%'`): trigram indexes serve it without reading every
 * user. pg_trgm ships with PostgreSQL (contrib) and is a trusted extension (13+), so the database's
 * owner may create it: in the embedded PostgreSQL 17 and in Debian's 15 alike. A server without it
 * (PGlite, whose database an earlier release's carry-over brings up to date first) keeps no such
 * index: the search reads every user there (a few milliseconds at 10,000).
 */
export class Migration20261206183000_user_search_trigrams extends Migration {

  override async up(): Promise<void> {
    this.addSql(`do $$ begin
      if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
        create extension if not exists pg_trgm;
        create index "galaxy_user_email_trgm_index" on "galaxy_user" using gin ("email" gin_trgm_ops);
        create index "galaxy_user_username_trgm_index" on "galaxy_user" using gin ("username" gin_trgm_ops);
      end if;
    end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "galaxy_user_username_trgm_index";`);
    this.addSql(`drop index if exists "galaxy_user_email_trgm_index";`);
  }

}
