import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { LibraryDatasetDatasetAssociation } from './library-dataset.entity';
import { LibraryFolder } from './library-folder.entity';

/** A list or a pair of datasets. */
@Entity({ tableName: 'dataset_collection' })
export class DatasetCollection extends BaseEntity {
  /** 'list' or 'paired'. */
  @Property({ type: 'string', length: 64 })
  collectionType!: string;

  @Property({ type: 'boolean' })
  populated: boolean & Opt = true;
}

@Entity({ tableName: 'dataset_collection_element' })
@Index({ properties: ['collection', 'elementIndex'] })
export class DatasetCollectionElement {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => DatasetCollection, { deleteRule: 'cascade' })
  collection!: DatasetCollection;

  @ManyToOne(() => LibraryDatasetDatasetAssociation, { nullable: true, deleteRule: 'set null' })
  ldda: LibraryDatasetDatasetAssociation | null = null;

  @Property({ type: 'integer' })
  elementIndex!: number;

  @Property({ type: 'string', length: 255 })
  elementIdentifier!: string;
}

/** A collection placed in a library folder. */
@Entity({ tableName: 'library_dataset_collection_association' })
@Index({ properties: ['folder'] })
export class LibraryDatasetCollectionAssociation extends BaseEntity {
  @ManyToOne(() => DatasetCollection)
  collection!: DatasetCollection;

  @ManyToOne(() => LibraryFolder, { deleteRule: 'cascade' })
  folder!: LibraryFolder;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;
}
