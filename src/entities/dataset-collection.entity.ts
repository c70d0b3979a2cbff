import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { HistoryDatasetAssociation } from './hda.entity';
import { History } from './history.entity';
import { LibraryDatasetDatasetAssociation } from './library-dataset.entity';
import { LibraryFolder } from './library-folder.entity';

/** A list or a pair of datasets, or of collections (`list:paired`, `list:list`). */
@Entity({ tableName: 'dataset_collection' })
export class DatasetCollection extends BaseEntity {
  /** 'list', 'paired', or nested types joined by ':' (outermost first). */
  @Property({ type: 'string', length: 64 })
  collectionType!: string;

  @Property({ type: 'boolean' })
  populated: boolean & Opt = true;

  /** Elements never change once created, so their count is kept here for listings. */
  @Property({ type: 'integer' })
  elementCount: number & Opt = 0;
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

  @ManyToOne(() => HistoryDatasetAssociation, { nullable: true, deleteRule: 'set null', index: true })
  hda: HistoryDatasetAssociation | null = null;

  @ManyToOne(() => DatasetCollection, { nullable: true, deleteRule: 'cascade', index: true })
  childCollection: DatasetCollection | null = null;

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

/** A collection placed in a history (the platform's HDCA): its own hid, name, visibility and deletion. */
@Entity({ tableName: 'history_dataset_collection_association' })
@Index({ properties: ['history', 'hid'] })
export class HistoryDatasetCollectionAssociation extends BaseEntity {
  @ManyToOne(() => History, { deleteRule: 'cascade' })
  history!: History;

  @ManyToOne(() => DatasetCollection)
  collection!: DatasetCollection;

  @Property({ type: 'integer' })
  hid!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'boolean' })
  visible: boolean & Opt = true;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  @Property({ type: 'integer', nullable: true })
  copiedFromId: number | null = null;

  /** For a collection a tool mapped over a collection produced: the tool output it gathers. */
  @Property({ type: 'string', length: 255, nullable: true })
  implicitOutputName: string | null = null;
}
