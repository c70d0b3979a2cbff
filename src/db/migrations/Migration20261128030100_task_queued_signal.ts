import { Migration } from '@mikro-orm/migrations';

/**
 * A background task that becomes queued (a history export or import, a workflow's scheduling) is
 * signalled on `task_queued`: every process's task runner wakes at once instead of at its next poll.
 */
export class Migration20261128030100_task_queued_signal extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function signal_task_queued() returns trigger language plpgsql as $$
      begin
        perform pg_notify('task_queued', new.id::text);
        return null;
      end $$;`);
    this.addSql(`create trigger background_task_queued_signal after insert or update of state on "background_task" for each row
      when (new.state = 'queued') execute function signal_task_queued();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists background_task_queued_signal on "background_task";');
    this.addSql('drop function if exists signal_task_queued();');
  }
}
