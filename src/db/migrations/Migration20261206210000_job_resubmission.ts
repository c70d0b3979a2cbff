import { Migration } from '@mikro-orm/migrations';

/** The claimable jobs' signal (Migration20261129120000_job_queued_per_statement), `resubmitted` counting as queued. */
const becameClaimable = (states: string) => `create or replace function signal_jobs_became_claimable() returns trigger language plpgsql as $$
      begin
        if exists (
          select 1 from updated_jobs n join previous_jobs o on o.id = n.id
          where n.state in (${states}) and n.handler is null and n.external_state is null
            and (o.state not in (${states}) or o.handler is not null or o.external_state is not null)
        ) then
          perform pg_notify('job_queued', '');
        end if;
        return null;
      end $$;`;

/**
 * Job resubmission (job_conf.xml `<resubmit>`, issue 37):
 * - `job_attempt`: each run of a job that ended (those abandoned for another destination, state
 *   `resubmitted`, and the last one), with where and how it ran and why it ended.
 * - `job.resubmissions` (bounded by JOB_MAX_RESUBMITS; `attempts` keeps counting the claims of one
 *   run for crash recovery) and `job.resubmit_destination_id` (where a resubmission sent the job:
 *   claims route it there rather than by its tool's mapping).
 * - a `resubmitted` job waits to be claimed like a queued one: in `job_claimable_index`, and its
 *   becoming so wakes the runners (`job_queued`).
 */
export class Migration20261206210000_job_resubmission extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "job_attempt" ("id" serial primary key, "job_id" int not null, "number" int not null, "state" varchar(64) not null, "destination_id" varchar(255) null, "runner" varchar(64) null, "external_id" varchar(255) null, "external_state" varchar(32) null, "limit_reached" varchar(32) null, "info" text null, "start_time" timestamptz(6) null, "end_time" timestamptz(6) null);`);
    this.addSql(`alter table "job_attempt" add constraint "job_attempt_job_id_number_unique" unique ("job_id", "number");`);
    this.addSql(`alter table "job_attempt" add constraint "job_attempt_job_id_foreign" foreign key ("job_id") references "job" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "job" add column "resubmissions" int not null default 0, add column "resubmit_destination_id" varchar(255) null;`);
    this.addSql('drop index if exists "job_claimable_index";');
    this.addSql(`create index "job_claimable_index" on "job" ("id") where "state" in ('queued', 'resubmitted') and "handler" is null and "external_state" is null;`);
    this.addSql(becameClaimable(`'queued', 'resubmitted'`));
  }

  override async down(): Promise<void> {
    this.addSql(becameClaimable(`'queued'`));
    this.addSql('drop index if exists "job_claimable_index";');
    this.addSql(`create index "job_claimable_index" on "job" ("id") where "state" = 'queued' and "handler" is null and "external_state" is null;`);
    this.addSql(`drop table if exists "job_attempt" cascade;`);
    this.addSql(`alter table "job" drop column "resubmissions", drop column "resubmit_destination_id";`);
  }
}
