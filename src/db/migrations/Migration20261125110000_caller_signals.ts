import { Migration } from '@mikro-orm/migrations';

/**
 * Every process caches API key -> caller. Whatever changes a key or a user's identity (a new key
 * expires the older ones; a user deleted, purged, renamed) signals `caller_changed` with the user id,
 * from the database itself, so no write path (the API, the admin CLI, plain SQL) can forget to.
 * NOTIFY is delivered at commit, and only if the transaction commits.
 */
export class Migration20261125110000_caller_signals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function notify_caller_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('caller_changed', coalesce(new.user_id, old.user_id)::text);
        return null;
      end $$;`);
    this.addSql(`create or replace function notify_user_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('caller_changed', coalesce(new.id, old.id)::text);
        return null;
      end $$;`);
    this.addSql(`create trigger api_keys_caller_changed after insert or update or delete on "api_keys"
      for each row execute function notify_caller_changed();`);
    this.addSql(`create trigger galaxy_user_caller_changed after update on "galaxy_user" for each row
      when (old.email is distinct from new.email or old.username is distinct from new.username
            or old.deleted is distinct from new.deleted or old.purged is distinct from new.purged)
      execute function notify_user_changed();`);
    this.addSql(`create trigger galaxy_user_caller_deleted after delete on "galaxy_user"
      for each row execute function notify_user_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists galaxy_user_caller_deleted on "galaxy_user";');
    this.addSql('drop trigger if exists galaxy_user_caller_changed on "galaxy_user";');
    this.addSql('drop trigger if exists api_keys_caller_changed on "api_keys";');
    this.addSql('drop function if exists notify_user_changed();');
    this.addSql('drop function if exists notify_caller_changed();');
  }
}
