import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes the contract's listings read at 100,000 rows (`npm run bench:plans` found each as a
 * sequential scan of a big table):
 * - the job listing of an administrator over a date range, with a state (state, update_time, id) and
 *   without (update_time, id), newest first as it orders (and the jobs' GraphQL pages, by the same keys);
 * - a user's histories with and without the deleted ones (user_id, create_time, id), newest first;
 * - published histories (only those), newest update first;
 * - a history's deleted or hidden datasets (the contents listing's `deleted` and `visible` filters), by hid;
 * - deleted users and deleted quotas (administrators' `/deleted` listings), a few among many.
 */
export class Migration20261128093000_listing_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index "job_state_update_time_id_index" on "job" ("state", "update_time", "id");');
    this.addSql('create index "job_update_time_id_index" on "job" ("update_time", "id");');
    this.addSql('create index "history_user_id_create_time_id_index" on "history" ("user_id", "create_time", "id");');
    this.addSql('create index "history_published_update_time_index" on "history" ("update_time", "id") where "published" and not "deleted";');
    this.addSql('create index "history_dataset_association_history_id_deleted_hid_index" on "history_dataset_association" ("history_id", "deleted", "hid");');
    this.addSql('create index "history_dataset_association_history_id_visible_hid_index" on "history_dataset_association" ("history_id", "visible", "hid");');
    this.addSql('create index "galaxy_user_deleted_index" on "galaxy_user" ("id") where "deleted";');
    this.addSql('create index "quota_deleted_index" on "quota" ("id") where "deleted";');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "quota_deleted_index";');
    this.addSql('drop index if exists "galaxy_user_deleted_index";');
    this.addSql('drop index if exists "history_dataset_association_history_id_visible_hid_index";');
    this.addSql('drop index if exists "history_dataset_association_history_id_deleted_hid_index";');
    this.addSql('drop index if exists "history_published_update_time_index";');
    this.addSql('drop index if exists "history_user_id_create_time_id_index";');
    this.addSql('drop index if exists "job_update_time_id_index";');
    this.addSql('drop index if exists "job_state_update_time_id_index";');
  }
}
