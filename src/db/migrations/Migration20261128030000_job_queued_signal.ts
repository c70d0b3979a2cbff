import { Migration } from '@mikro-orm/migrations';

/**
 * A job that becomes queued (created, or re-queued after a crash or a restart) is signalled on
 * `job_queued` (NOTIFY, its id): the job engines of every process wake at once instead of at their
 * next poll, whichever process queued it.
 */
export class Migration20261128030000_job_queued_signal extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function signal_job_queued() returns trigger language plpgsql as $$
      begin
        perform pg_notify('job_queued', new.id::text);
        return null;
      end $$;`);
    this.addSql(`create trigger job_queued_signal after insert or update of state on "job" for each row
      when (new.state = 'queued') execute function signal_job_queued();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists job_queued_signal on "job";');
    this.addSql('drop function if exists signal_job_queued();');
  }
}
