import { Entity, Index, JsonType, ManyToOne, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { Dataset } from './dataset.entity';
import type { DatasetMetadata } from './hda.entity';
import { LibraryFolder } from './library-folder.entity';
import { User } from './user.entity';

/**
 * A dataset's place in a library folder. Its current version is `ldda`; older versions
 * (LibraryDatasetDatasetAssociations of this library dataset that are not current) are its expired versions.
 */
@Entity({ tableName: 'library_dataset' })
@Index({ properties: ['folder', 'name', 'id'] })
export class LibraryDataset extends BaseEntity {
  @ManyToOne(() => LibraryFolder, { deleteRule: 'cascade' })
  folder!: LibraryFolder;

  /** The current version; set once the first version exists. */
  @ManyToOne({ entity: 'LibraryDatasetDatasetAssociation', nullable: true, deleteRule: 'set null' })
  ldda: LibraryDatasetDatasetAssociation | null = null;

  @Property({ type: 'text' })
  name: string & Opt = '';

  @Property({ type: 'text', nullable: true })
  info: string | null = null;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  @Property({ type: 'boolean' })
  purged: boolean & Opt = false;
}

/** One version of a library dataset: a dataset (file) with its name, type and metadata. */
@Entity({ tableName: 'library_dataset_dataset_association' })
@Index({ properties: ['libraryDataset'] })
@Index({ properties: ['dataset'] })
export class LibraryDatasetDatasetAssociation extends BaseEntity {
  @ManyToOne(() => LibraryDataset, { deleteRule: 'cascade' })
  libraryDataset!: LibraryDataset;

  @ManyToOne(() => Dataset)
  dataset!: Dataset;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  user: User | null = null;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  info: string | null = null;

  @Property({ type: 'text', nullable: true })
  blurb: string | null = null;

  @Property({ type: 'text', nullable: true })
  peek: string | null = null;

  @Property({ type: 'string', length: 64 })
  extension: string & Opt = 'data';

  @Property({ type: 'string', length: 64 })
  dbkey: string & Opt = '?';

  @Property({ type: JsonType })
  metadata: DatasetMetadata & Opt = {};

  @Property({ type: 'text', nullable: true })
  message: string | null = null;

  @Property({ type: 'boolean' })
  visible: boolean & Opt = true;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  @Property({ type: 'boolean' })
  purged: boolean & Opt = false;

  @Property({ type: 'integer', nullable: true })
  copiedFromHdaId: number | null = null;

  @Property({ type: 'integer', nullable: true })
  copiedFromLddaId: number | null = null;
}
