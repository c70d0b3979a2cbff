import { Field, ID, Int, ObjectType } from 'type-graphql';
import { JSONObjectScalar } from '../shared/scalars';

@ObjectType('JobParameterItem', { description: 'A history dataset or collection a parameter names.' })
export class JobParameterItemType {
  @Field(() => ID, { description: 'The dataset (or collection) id, for a link.' })
  id!: string;

  @Field(() => Int, { nullable: true, description: 'Null when the item is gone.' })
  hid!: number | null;

  @Field(() => String, { nullable: true })
  name!: string | null;
}

@ObjectType('JobParameter', { description: "A job's parameter as the tool form shows it; conditionals and repeats hold their inputs as children." })
export class JobParameterType {
  @Field(() => String, { description: "The flat name the form submits it under ('cond|test', 'queries_0|term')." })
  name!: string;

  @Field(() => String, { description: "The form's label (a repeat instance: 'Query 1'; a tool no longer installed: the stored name)." })
  label!: string;

  @Field(() => String, { description: "The value as the form shows it: a select's option label, Yes/No, 'hid: name' for datasets; '' for groups." })
  value!: string;

  @Field(() => [JobParameterItemType])
  datasets!: JobParameterItemType[];

  @Field(() => [JobParameterItemType])
  collections!: JobParameterItemType[];

  @Field(() => [JobParameterType])
  children!: JobParameterType[];
}

@ObjectType('JobInputCollection', { description: 'A collection a job read, under the flat name of its parameter.' })
export class JobInputCollectionType {
  @Field(() => String)
  name!: string;

  @Field(() => JobParameterItemType)
  collection!: JobParameterItemType;
}

@ObjectType('JobMappedElement', { description: "An output of a job of a map over a collection: the element of the implicit collection it is." })
export class JobMappedElementType {
  @Field(() => String)
  outputName!: string;

  @Field(() => ID)
  outputDatasetId!: string;

  @Field(() => ID)
  collectionId!: string;

  @Field(() => ID)
  historyId!: string;

  @Field(() => Int)
  collectionHid!: number;

  @Field(() => String)
  collectionName!: string;

  @Field(() => [String], { description: "Element identifiers from the collection's root down to the output." })
  elementPath!: string[];
}

@ObjectType('JobRerunState', { description: 'What the tool form needs to run the job again.' })
export class JobRerunStateType {
  @Field(() => String)
  toolId!: string;

  @Field(() => String, { description: 'The version the job ran (the form runs the installed one).' })
  toolVersion!: string;

  @Field(() => JSONObjectScalar, { description: "Each field's value by flat name: text, chosen option values, true/false, encoded dataset or collection ids." })
  values!: Record<string, unknown>;

  @Field(() => JSONObjectScalar, { description: "Each repeat's number of instances by flat name." })
  repeats!: Record<string, number>;

  @Field(() => [JobMappedElementType], { description: 'For a job of a map over a collection: the elements its outputs are.' })
  mappedElements!: JobMappedElementType[];

  @Field(() => Boolean, { description: "The caller may run it again replacing its failed elements in their collections (runTool's rerunRemapJobId)." })
  remappable!: boolean;
}
