import { Entity, Index, JsonType, ManyToOne, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';

/**
 * One field of a form, as the platform stores it (lib/galaxy/forms): `type` is the stored widget
 * name (TextField, TextArea, SelectField, CheckboxField, PasswordField, AddressField, WorkflowField,
 * WorkflowMappingField, HistoryField); `required` is 'required' or 'optional'; `layout` the index
 * (as text) of the form's grid the field sits in; select fields list their options in `selectlist`.
 */
export interface FormField {
  name: string;
  label: string;
  required: 'required' | 'optional';
  helptext: string;
  default: string;
  visible: boolean;
  layout: string | null;
  type: string;
  selectlist?: string[];
}

/**
 * The versions of one form share this record; it points at the newest (the platform's
 * FormDefinitionCurrent). A form edited later is a new FormDefinition under the same pointer.
 */
@Entity({ tableName: 'form_definition_current' })
export class FormDefinitionCurrent extends BaseEntity {
  /** Set right after the first version is written (each refers to the other). */
  @ManyToOne({ entity: 'FormDefinition', nullable: true, deleteRule: 'set null' })
  latestForm: FormDefinition | null = null;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;
}

/** A form an administrator defined in the platform's XML form description. */
@Entity({ tableName: 'form_definition' })
@Index({ properties: ['formDefinitionCurrent'] })
export class FormDefinition extends BaseEntity {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', fieldName: 'desc' })
  desc: string & Opt = '';

  /** The form's kind as the platform names it (e.g. 'Sequencing Request Form'). */
  @Property({ type: 'text' })
  type!: string;

  @ManyToOne(() => FormDefinitionCurrent, { deleteRule: 'cascade' })
  formDefinitionCurrent!: FormDefinitionCurrent;

  @Property({ type: JsonType })
  fields: FormField[] & Opt = [];

  /** Names of the layout grids, in order. */
  @Property({ type: JsonType })
  layout: string[] & Opt = [];
}
