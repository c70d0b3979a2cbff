import { Migration } from '@mikro-orm/migrations';

/**
 * The administrators' jobs (issue 36):
 * - `job_lock`: 15.05's "Lock new jobs", one row (id 1) every server process's claims read, so a lock
 *   holds across processes; no row is unlocked.
 * - `job_changed` (NOTIFY, payload '' so PostgreSQL folds those of one transaction into one): a job
 *   inserted, or its state or destination changed, whichever process or path did it. The Jobs screen's
 *   live counts (`jobCountsChanged`) are read anew on it. Heartbeats (the most frequent update) do
 *   not fire it: the row trigger names its columns.
 * - an index for the job listing filtered by destination, newest update first.
 * - `server_process`: each server process's heartbeat (the Server screen lists them, stale ones too,
 *   for an hour); a process removes its row when it stops cleanly.
 */
export class Migration20261206185000_job_lock_and_counts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "job_lock" ("id" int not null default 1, "locked" boolean not null default false, "update_time" timestamptz(6) not null default now(), "updated_by" int null, constraint "job_lock_pkey" primary key ("id"));`);
    this.addSql(`create table "server_process" ("name" text not null, "host" text not null, "pid" int not null, "started_at" timestamptz(6) not null, "heartbeat_time" timestamptz(6) not null, "service_version" text not null, "local_workers" int not null default 0, constraint "server_process_pkey" primary key ("name"));`);
    this.addSql(`create index "job_destination_id_update_time_id_index" on "job" ("destination_id", "update_time", "id");`);
    this.addSql(`create function signal_job_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('job_changed', '');
        return null;
      end $$;`);
    this.addSql(`create trigger job_changed_insert_signal after insert on "job" for each statement execute function signal_job_changed();`);
    this.addSql(`create trigger job_changed_update_signal after update of state, destination_id on "job" for each row
      when (old.state is distinct from new.state or old.destination_id is distinct from new.destination_id) execute function signal_job_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists job_changed_update_signal on "job";');
    this.addSql('drop trigger if exists job_changed_insert_signal on "job";');
    this.addSql('drop function if exists signal_job_changed();');
    this.addSql('drop index if exists "job_destination_id_update_time_id_index";');
    this.addSql('drop table if exists "job_lock" cascade;');
    this.addSql('drop table if exists "server_process" cascade;');
  }
}
