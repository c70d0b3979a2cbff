import { Entity, Index, JsonType, ManyToOne, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { FormDefinition } from './form-definition.entity';
import { LibraryFolder } from './library-folder.entity';
import { Library } from './library.entity';
import { Request } from './request.entity';
import { ExternalService, SampleState } from './request-type.entity';

/** The platform's transfer statuses of a sample's datasets (model `SampleDataset.transfer_status`). */
export const TRANSFER_STATUSES = ['Not started', 'In queue', 'Transferring dataset', 'Adding to data library', 'Complete', 'Error'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/**
 * One sample of a request: the sample form's values, the library and folder its datasets go to,
 * and a state among its request type's (none until the request is submitted; the newest event's).
 */
@Entity({ tableName: 'sample' })
@Index({ properties: ['request', 'id'] })
export class Sample extends BaseEntity {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', fieldName: 'desc' })
  desc: string & Opt = '';

  @Property({ type: JsonType })
  values: Record<string, unknown> & Opt = {};

  @ManyToOne(() => Request, { deleteRule: 'cascade' })
  request!: Request;

  @Property({ type: 'text', nullable: true })
  barCode: string | null = null;

  @ManyToOne(() => Library, { nullable: true, deleteRule: 'set null' })
  library: Library | null = null;

  @ManyToOne(() => LibraryFolder, { nullable: true, deleteRule: 'set null' })
  folder: LibraryFolder | null = null;

  /** The run details recorded by administrators, and the template they follow. */
  @ManyToOne(() => FormDefinition, { nullable: true, deleteRule: 'set null' })
  runDetailsForm: FormDefinition | null = null;

  @Property({ type: JsonType })
  runDetails: Record<string, unknown> & Opt = {};

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;
}

/** A state a sample entered, with the administrator's comment; the newest is the sample's state. */
@Entity({ tableName: 'sample_event' })
@Index({ properties: ['sample', 'id'] })
export class SampleEvent extends BaseEntity {
  @ManyToOne(() => Sample, { deleteRule: 'cascade' })
  sample!: Sample;

  @ManyToOne(() => SampleState, { deleteRule: 'cascade' })
  sampleState!: SampleState;

  @Property({ type: 'text' })
  comment: string & Opt = '';
}

/** A file of a sample on its external service, on its way into the sample's library folder. */
@Entity({ tableName: 'sample_dataset' })
@Index({ properties: ['sample', 'id'] })
export class SampleDataset extends BaseEntity {
  @ManyToOne(() => Sample, { deleteRule: 'cascade' })
  sample!: Sample;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  filePath: string & Opt = '';

  @Property({ type: 'text' })
  status: TransferStatus & Opt = 'Not started';

  @Property({ type: 'text' })
  errorMsg: string & Opt = '';

  @Property({ type: 'text' })
  size: string & Opt = '';

  @ManyToOne(() => ExternalService, { nullable: true, deleteRule: 'set null' })
  externalService: ExternalService | null = null;
}
