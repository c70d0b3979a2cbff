import { Migration } from '@mikro-orm/migrations';

/**
 * Every change of a workflow run is signalled on `workflow_invocation_changed` (NOTIFY, the run's
 * id): its own state, a step scheduled or its state moved, a job made for a step, and the state of
 * any of those jobs, whichever process or path changed it (the scheduler's task, a job runner of
 * another server, a cancel), so a page following the run in any process hears of it. PostgreSQL
 * folds equal notifications of one transaction into one (a scheduling pass sends one per run). A
 * transaction that sets `platform.history_signals` to 'off' sends none (the importer filling an
 * empty database), as for the history item signals.
 */
export class Migration20261129010000_workflow_invocation_signals extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function signal_workflow_invocation_changed() returns trigger language plpgsql as $$
      begin
        if current_setting('platform.history_signals', true) = 'off' then
          return null;
        end if;
        if tg_table_name = 'workflow_invocation' then
          perform pg_notify('workflow_invocation_changed', new.id::text);
        elsif tg_table_name = 'workflow_invocation_step' then
          perform pg_notify('workflow_invocation_changed', new.invocation_id::text);
        elsif tg_table_name = 'workflow_invocation_step_job' then
          perform pg_notify('workflow_invocation_changed', s.invocation_id::text)
            from workflow_invocation_step s where s.id = new.invocation_step_id;
        else
          -- A job's state: the run whose step made it, if any (job_id is unique there, hence indexed).
          perform pg_notify('workflow_invocation_changed', s.invocation_id::text)
            from workflow_invocation_step_job j join workflow_invocation_step s on s.id = j.invocation_step_id
           where j.job_id = new.id;
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger workflow_invocation_signal after insert or update on "workflow_invocation" for each row
      execute function signal_workflow_invocation_changed();`);
    this.addSql(`create trigger workflow_invocation_step_signal after insert or update on "workflow_invocation_step" for each row
      execute function signal_workflow_invocation_changed();`);
    this.addSql(`create trigger workflow_invocation_step_job_signal after insert on "workflow_invocation_step_job" for each row
      execute function signal_workflow_invocation_changed();`);
    this.addSql(`create trigger job_invocation_signal after update of state on "job" for each row
      when (old.state is distinct from new.state) execute function signal_workflow_invocation_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists job_invocation_signal on "job";');
    this.addSql('drop trigger if exists workflow_invocation_step_job_signal on "workflow_invocation_step_job";');
    this.addSql('drop trigger if exists workflow_invocation_step_signal on "workflow_invocation_step";');
    this.addSql('drop trigger if exists workflow_invocation_signal on "workflow_invocation";');
    this.addSql('drop function if exists signal_workflow_invocation_changed();');
  }
}
