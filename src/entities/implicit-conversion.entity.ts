import { Entity, Index, ManyToOne, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { LibraryDatasetDatasetAssociation } from './library-dataset.entity';

/** A dataset converted to another datatype, linked to its source (the platform's implicit conversion). */
@Entity({ tableName: 'implicitly_converted_dataset_association' })
@Index({ properties: ['parentLdda'] })
export class ImplicitlyConvertedDatasetAssociation extends BaseEntity {
  @ManyToOne(() => LibraryDatasetDatasetAssociation, { deleteRule: 'cascade' })
  parentLdda!: LibraryDatasetDatasetAssociation;

  @ManyToOne(() => LibraryDatasetDatasetAssociation, { deleteRule: 'cascade' })
  convertedLdda!: LibraryDatasetDatasetAssociation;

  /** The target extension. */
  @Property({ type: 'string', length: 64 })
  type!: string;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;
}
