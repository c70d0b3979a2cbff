import { Migration } from '@mikro-orm/migrations';

/**
 * Job claims at scale. `job_claimable_index`: the queued jobs no process holds, in id order, which a
 * claim reads (`order by id … for update skip locked limit N`) without walking a million finished jobs.
 * `dataset_ready_signal`: a dataset that becomes ready (ok or empty) may let queued jobs reading it
 * run: the job engines are woken on `job_queued` (payload '': one notification per transaction), so
 * their poll can be slow while they listen.
 */
export class Migration20261128094000_job_claims extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "job_claimable_index" on "job" ("id") where "state" = 'queued' and "handler" is null and "external_state" is null;`);
    this.addSql(`create or replace function signal_dataset_ready() returns trigger language plpgsql as $$
      begin
        perform pg_notify('job_queued', '');
        return null;
      end $$;`);
    this.addSql(`create trigger dataset_ready_signal after update of state on "dataset" for each row
      when (new.state in ('ok', 'empty') and old.state is distinct from new.state) execute function signal_dataset_ready();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists dataset_ready_signal on "dataset";');
    this.addSql('drop function if exists signal_dataset_ready();');
    this.addSql('drop index if exists "job_claimable_index";');
  }
}
