import { Migration } from '@mikro-orm/migrations';

/** Jobs on a batch system (Slurm): the job_conf.xml destination a job was routed to, and the batch system's state of the jobs it holds. */
export class Migration20261127210131_slurm_jobs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "job" add column "destination_id" varchar(255) null, add column "external_state" varchar(32) null;`);
    this.addSql(`create index "job_external_open_index" on "job" ("handler") where "external_state" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "job_external_open_index";`);
    this.addSql(`alter table "job" drop column "destination_id", drop column "external_state";`);
  }
}
