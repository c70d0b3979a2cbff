import { Migration } from '@mikro-orm/migrations';

/** Datasets carried over from a 15.05 installation can keep their files where they are: its file_path, its extra files path. */
export class Migration20261127230000_carried_over_files extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "dataset" add column "file_root" text null, add column "extra_files_path" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "dataset" drop column "file_root", drop column "extra_files_path";`);
  }
}
