import { Migration } from '@mikro-orm/migrations';

/**
 * A folder's datasets in the order its listing shows them, (name, id): a page of folder contents
 * reads from its position on (keyset) and a whole listing streams in order without sorting. It
 * replaces the index on folder_id alone, its prefix.
 */
export class Migration20261128092000_library_listing_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "library_dataset_folder_id_name_id_index" on "library_dataset" ("folder_id", "name", "id");`);
    this.addSql(`drop index "library_dataset_folder_id_index";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index "library_dataset_folder_id_index" on "library_dataset" ("folder_id");`);
    this.addSql(`drop index "library_dataset_folder_id_name_id_index";`);
  }
}
