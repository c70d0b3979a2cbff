import { Entity, Index, JsonType, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { LibraryDatasetDatasetAssociation } from './library-dataset.entity';

/** Extended metadata of a library dataset version, kept whole. */
@Entity({ tableName: 'extended_metadata' })
@Index({ properties: ['ldda'] })
export class ExtendedMetadata {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => LibraryDatasetDatasetAssociation, { deleteRule: 'cascade' })
  ldda!: LibraryDatasetDatasetAssociation;

  @Property({ type: JsonType })
  data!: unknown;
}

/**
 * One leaf of extended metadata: its path (`/a/b/0/c`) and value, indexed for search by their md5
 * (a value may be far longer than a b-tree row can hold).
 */
@Entity({ tableName: 'extended_metadata_index' })
@Index({
  name: 'extended_metadata_index_path_value_hash_index',
  expression: 'create index "extended_metadata_index_path_value_hash_index" on "extended_metadata_index" (md5("path"), md5("value"))',
})
@Index({ properties: ['extendedMetadata'] })
export class ExtendedMetadataIndex {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => ExtendedMetadata, { deleteRule: 'cascade' })
  extendedMetadata!: ExtendedMetadata;

  @Property({ type: 'text' })
  path!: string;

  @Property({ type: 'text', nullable: true })
  value!: string | null;
}
