import { Field, ObjectType } from 'type-graphql';
import { JSONObjectScalar } from '../shared/scalars';

/** A tool data table (the REST list view is `{model_class, name}`, the element view adds columns and fields). */
@ObjectType('ToolDataTable', { description: 'A tool data table: where tools find reference genomes and indexes, read from `.loc` files.' })
export class ToolDataTableType {
  @Field(() => String)
  name!: string;
}

/** One entry of a table, by its value, with the files its path names. */
@ObjectType('ToolDataField')
export class ToolDataFieldType {
  @Field(() => String, { description: "The entry's value." })
  name!: string;

  @Field(() => JSONObjectScalar, { description: 'The entry by column name.' })
  fields!: Record<string, string>;

  @Field(() => [String], { description: 'The directory the files are named in (one item, as the platform lists it).' })
  baseDir!: string[];

  @Field(() => JSONObjectScalar, { description: 'File name (relative to the base directory) → size in bytes: the path and the files beside it that start with its name.' })
  files!: Record<string, number>;

  @Field(() => String, { description: 'SHA-1 over the sorted file names and sizes.' })
  fingerprint!: string;
}
