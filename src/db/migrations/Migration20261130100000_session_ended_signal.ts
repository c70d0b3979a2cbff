import { Migration } from '@mikro-orm/migrations';

/**
 * A browser session that ends (signed out: `is_valid` turns false; moved to another user; deleted)
 * signals `session_ended` with the session's id, from the database itself, so every process ends what
 * the session still holds open (the WebSocket connections authenticated by its cookie) whichever
 * process or write path ended it. NOTIFY is delivered at commit, and only if the transaction commits.
 */
export class Migration20261130100000_session_ended_signal extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function notify_session_ended() returns trigger language plpgsql as $$
      begin
        perform pg_notify('session_ended', old.id::text);
        return null;
      end $$;`);
    this.addSql(`create trigger galaxy_session_ended after update on "galaxy_session" for each row
      when (old.is_valid and (not new.is_valid or old.user_id is distinct from new.user_id))
      execute function notify_session_ended();`);
    this.addSql(`create trigger galaxy_session_deleted after delete on "galaxy_session"
      for each row when (old.is_valid) execute function notify_session_ended();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists galaxy_session_deleted on "galaxy_session";');
    this.addSql('drop trigger if exists galaxy_session_ended on "galaxy_session";');
    this.addSql('drop function if exists notify_session_ended();');
  }
}
