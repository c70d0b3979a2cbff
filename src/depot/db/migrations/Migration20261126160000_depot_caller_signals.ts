import { Migration } from '@mikro-orm/migrations';

/**
 * Each process caches the depot's API key -> caller, as the platform does. Whatever changes a depot
 * key or a depot user's identity (a new key expires the older ones; a user deleted, purged, renamed)
 * signals `depot_caller_changed` with the user id, from the database itself (so plain SQL is seen
 * too). Its own channel: depot and platform user ids are different numbers.
 */
export class Migration20261126160000_depot_caller_signals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function "depot".notify_depot_key_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('depot_caller_changed', coalesce(new.user_id, old.user_id)::text);
        return null;
      end $$;`);
    this.addSql(`create or replace function "depot".notify_depot_user_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('depot_caller_changed', coalesce(new.id, old.id)::text);
        return null;
      end $$;`);
    this.addSql(`create trigger api_keys_depot_caller_changed after insert or update or delete on "depot"."api_keys"
      for each row execute function "depot".notify_depot_key_changed();`);
    this.addSql(`create trigger galaxy_user_depot_caller_changed after update on "depot"."galaxy_user" for each row
      when (old.email is distinct from new.email or old.username is distinct from new.username
            or old.deleted is distinct from new.deleted or old.purged is distinct from new.purged)
      execute function "depot".notify_depot_user_changed();`);
    this.addSql(`create trigger galaxy_user_depot_caller_deleted after delete on "depot"."galaxy_user"
      for each row execute function "depot".notify_depot_user_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists galaxy_user_depot_caller_deleted on "depot"."galaxy_user";');
    this.addSql('drop trigger if exists galaxy_user_depot_caller_changed on "depot"."galaxy_user";');
    this.addSql('drop trigger if exists api_keys_depot_caller_changed on "depot"."api_keys";');
    this.addSql('drop function if exists "depot".notify_depot_user_changed();');
    this.addSql('drop function if exists "depot".notify_depot_key_changed();');
  }
}
