import { Entity, Index, JsonType, ManyToOne, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { FormDefinition } from './form-definition.entity';

/** A sequencer or other service samples are sent to; its type names the platform's service type. */
@Entity({ tableName: 'external_service' })
export class ExternalService extends BaseEntity {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  description: string & Opt = '';

  @Property({ type: 'text' })
  externalServiceTypeId!: string;

  @Property({ type: 'text', nullable: true })
  version: string | null = null;

  @ManyToOne(() => FormDefinition, { nullable: true, deleteRule: 'set null' })
  formDefinition: FormDefinition | null = null;

  @Property({ type: JsonType })
  formValues: Record<string, unknown> & Opt = {};

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;
}

/**
 * A kind of sequencing request: the form a request fills in, the form each sample fills in, the
 * services it sends samples to, and the states its samples pass through (in order). Access is a
 * restricting permission (`access request_type`): no roles, open to everyone.
 */
@Entity({ tableName: 'request_type' })
@Index({ properties: ['deleted', 'name'] })
export class RequestType extends BaseEntity {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', fieldName: 'desc' })
  desc: string & Opt = '';

  @ManyToOne(() => FormDefinition, { deleteRule: 'restrict' })
  requestForm!: FormDefinition;

  @ManyToOne(() => FormDefinition, { deleteRule: 'restrict' })
  sampleForm!: FormDefinition;

  /** The template of the run details administrators record for its samples (none: nothing recorded). */
  @ManyToOne(() => FormDefinition, { nullable: true, deleteRule: 'set null' })
  runDetailsForm: FormDefinition | null = null;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;
}

@Entity({ tableName: 'request_type_external_service_association' })
@Unique({ properties: ['requestType', 'externalService'] })
export class RequestTypeExternalServiceAssociation {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => RequestType, { deleteRule: 'cascade' })
  requestType!: RequestType;

  @ManyToOne(() => ExternalService, { deleteRule: 'cascade' })
  externalService!: ExternalService;
}

/** One state a request type's samples pass through; the order of ids is the order of the states. */
@Entity({ tableName: 'sample_state' })
@Index({ properties: ['requestType'] })
export class SampleState extends BaseEntity {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', fieldName: 'desc' })
  desc: string & Opt = '';

  @ManyToOne(() => RequestType, { deleteRule: 'cascade' })
  requestType!: RequestType;
}
