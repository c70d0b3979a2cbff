import { Field, ID, Int, ObjectType } from 'type-graphql';
import { HistoryContentType } from '../datasets/history-content.type';

/** A collection: ordered elements, each a dataset or a child collection (`list:paired`). */
@ObjectType('DatasetCollection')
export class DatasetCollectionType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "'list', 'paired', or nested types such as 'list:paired' (outermost first)." })
  collectionType!: string;

  @Field(() => Int)
  elementCount!: number;

  @Field(() => Boolean)
  populated!: boolean;
}

@ObjectType('CollectionElement')
export class CollectionElementType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  elementIdentifier!: string;

  @Field(() => Int)
  elementIndex!: number;

  @Field(() => String, { description: "'hda', 'ldda' or 'dataset_collection'." })
  elementType!: string;

  @Field(() => HistoryContentType, { nullable: true, description: 'The history dataset of a dataset element.' })
  dataset!: unknown;

  @Field(() => DatasetCollectionType, { nullable: true, description: 'The child collection of a nested collection.' })
  collection!: unknown;
}

/** A collection placed in a history (the platform's HDCA). Plain fields read as properties (`simpleResolvers`): history listings stream them. */
@ObjectType('HistoryDatasetCollection', { simpleResolvers: true })
export class HistoryCollectionType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  historyId!: string;

  @Field(() => Int)
  hid!: number;

  @Field(() => String)
  name!: string;

  @Field(() => Boolean)
  visible!: boolean;

  @Field(() => Boolean)
  deleted!: boolean;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;

  @Field(() => String)
  collectionType!: string;

  @Field(() => Int)
  elementCount!: number;

  @Field(() => Boolean)
  populated!: boolean;

  @Field(() => String, { nullable: true, description: 'For a collection gathered from a tool mapped over a collection: the tool output.' })
  implicitOutputName!: string | null;

  @Field(() => DatasetCollectionType)
  collection!: unknown;
}
