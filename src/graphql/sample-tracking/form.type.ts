import { Field, ObjectType } from 'type-graphql';

/** One field of a form, keyed as the platform stores it. */
@ObjectType('FormField')
export class FormFieldType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  label!: string;

  @Field(() => String, { description: "'required' or 'optional', as the platform stores it." })
  required!: string;

  @Field(() => String)
  helptext!: string;

  @Field(() => String, { description: 'The default value (the XML `value` attribute).' })
  default!: string;

  @Field(() => Boolean)
  visible!: boolean;

  @Field(() => String, { nullable: true, description: "Index (as text) of the form's layout grid the field sits in." })
  layout!: string | null;

  @Field(() => String, { description: 'TextField, TextArea, SelectField, CheckboxField, PasswordField, AddressField, WorkflowField, WorkflowMappingField or HistoryField.' })
  type!: string;

  @Field(() => [String], { nullable: true, description: 'The options of select and checkbox fields.' })
  selectlist?: string[];
}

@ObjectType('FormDefinition', { description: 'One version of a form an administrator defined in the XML form description.' })
export class FormDefinitionType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  desc!: string;

  @Field(() => String, { description: "The form's kind, e.g. 'Sequencing Request Form'." })
  type!: string;

  @Field(() => [FormFieldType])
  fields!: FormFieldType[];

  @Field(() => [String], { description: 'Names of the layout grids.' })
  layout!: string[];

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;
}
