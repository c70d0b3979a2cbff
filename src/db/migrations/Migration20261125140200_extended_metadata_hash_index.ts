import { Migration } from '@mikro-orm/migrations';

/**
 * Extended metadata values (and keys) are users' data of any length, but a b-tree row holds at
 * most about 2.7 kB: the (path, value) index refused long values (PostgreSQL 54000). Index their
 * hashes instead; a search by path and value compares md5s through the index, then the texts.
 */
export class Migration20261125140200_extended_metadata_hash_index extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop index if exists "extended_metadata_index_path_value_index";');
    this.addSql(`create index "extended_metadata_index_path_value_hash_index" on "extended_metadata_index" (md5("path"), md5("value"));`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "extended_metadata_index_path_value_hash_index";');
    // Rows with long values would not fit the old index: they are left out of it, not lost.
    this.addSql(`create index "extended_metadata_index_path_value_index" on "extended_metadata_index" ("path", "value") where length("path") + coalesce(length("value"), 0) < 2000;`);
  }
}
