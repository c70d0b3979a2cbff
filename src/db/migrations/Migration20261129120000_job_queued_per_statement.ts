import { Migration } from '@mikro-orm/migrations';

/**
 * `job_queued` once per statement, not once per job: a map over 10,000 datasets inserts 10,000 jobs
 * in a few statements, and each now sends one notification (payload '', so PostgreSQL folds those of
 * one transaction into one) instead of one per row with the job's id. Statement-level triggers read
 * the statement's rows (transition tables): an insert signals when it queued a job; an update when a
 * job became claimable (queued, no handler, no batch system holding it; see `job_claimable_index`)
 * that was not before: created queued, moved back to the queue, or let go by a stopped process.
 */
export class Migration20261129120000_job_queued_per_statement extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop trigger if exists job_queued_signal on "job";');
    this.addSql('drop function if exists signal_job_queued();');
    this.addSql(`create function signal_jobs_inserted_queued() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from inserted_jobs where state = 'queued') then
          perform pg_notify('job_queued', '');
        end if;
        return null;
      end $$;`);
    this.addSql(`create function signal_jobs_became_claimable() returns trigger language plpgsql as $$
      begin
        if exists (
          select 1 from updated_jobs n join previous_jobs o on o.id = n.id
          where n.state = 'queued' and n.handler is null and n.external_state is null
            and (o.state is distinct from 'queued' or o.handler is not null or o.external_state is not null)
        ) then
          perform pg_notify('job_queued', '');
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger job_queued_insert_signal after insert on "job"
      referencing new table as inserted_jobs for each statement execute function signal_jobs_inserted_queued();`);
    this.addSql(`create trigger job_queued_update_signal after update on "job"
      referencing old table as previous_jobs new table as updated_jobs for each statement execute function signal_jobs_became_claimable();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists job_queued_update_signal on "job";');
    this.addSql('drop trigger if exists job_queued_insert_signal on "job";');
    this.addSql('drop function if exists signal_jobs_became_claimable();');
    this.addSql('drop function if exists signal_jobs_inserted_queued();');
    this.addSql(`create or replace function signal_job_queued() returns trigger language plpgsql as $$
      begin
        perform pg_notify('job_queued', new.id::text);
        return null;
      end $$;`);
    this.addSql(`create trigger job_queued_signal after insert or update of state on "job" for each row
      when (new.state = 'queued') execute function signal_job_queued();`);
  }
}
