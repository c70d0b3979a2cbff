import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { HistoryDatasetAssociation } from './hda.entity';
import { Job } from './job.entity';
import { LibraryDatasetDatasetAssociation } from './library-dataset.entity';

/** The datasets a job read (inputs) and wrote (outputs), by parameter name. */
abstract class JobDatasetLink {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Job, { deleteRule: 'cascade' })
  job!: Job;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @ManyToOne(() => HistoryDatasetAssociation, { nullable: true, deleteRule: 'set null' })
  hda: HistoryDatasetAssociation | null = null;

  /** A library dataset version instead of a history dataset (library uploads, ldda inputs). */
  @ManyToOne(() => LibraryDatasetDatasetAssociation, { nullable: true, deleteRule: 'set null' })
  ldda: LibraryDatasetDatasetAssociation | null = null;
}

@Entity({ tableName: 'job_to_input_dataset' })
@Index({ properties: ['job'] })
@Index({ properties: ['hda'] })
export class JobInputDataset extends JobDatasetLink {}

@Entity({ tableName: 'job_to_output_dataset' })
@Index({ properties: ['job'] })
@Index({ properties: ['hda'] })
export class JobOutputDataset extends JobDatasetLink {}
