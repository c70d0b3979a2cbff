import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { CollectionFromSelection, DatasetPair, HistoryItemSelection, NamedDataset } from '../../services/history-selection';
import { HistoryItemFilterInput } from '../collections/history-item-filter.input';

/** The history panel's operations on a selection (its buttons Hide, Unhide, Delete, Undelete, Purge). */
export enum HistorySelectionOperation {
  hide = 'hide',
  unhide = 'unhide',
  delete = 'delete',
  undelete = 'undelete',
  purge = 'purge',
}

registerEnumType(HistorySelectionOperation, {
  name: 'HistorySelectionOperation',
  description: 'hide, unhide; delete (stops the jobs still making only deleted datasets), undelete (not purged ones); purge (datasets and their files no one else uses; collections are deleted).',
});

@InputType({ description: "Items of one history: by id, or everything the panel's filter keeps (one of the two)." })
export class HistoryItemSelectionInput implements HistoryItemSelection {
  @Field(() => [ID], { nullable: true, description: 'Datasets by id (each must be in the history).' })
  datasetIds?: string[] | null;

  @Field(() => [ID], { nullable: true, description: 'Collections by id (each must be in the history).' })
  collectionIds?: string[] | null;

  @Field(() => HistoryItemFilterInput, { nullable: true, description: 'Every item this filter keeps, loaded in the panel or not.' })
  filter?: HistoryItemFilterInput | null;
}

@ObjectType('HistorySelectionChange', { description: 'How many items an operation on a selection changed (items already so are not counted).' })
export class HistorySelectionChangeType {
  @Field(() => Int)
  datasets!: number;

  @Field(() => Int)
  collections!: number;

  @Field(() => Int, { description: 'datasets + collections.' })
  changed!: number;

  @Field(() => Int, { description: 'Jobs stopped because every dataset they were making got deleted.' })
  stoppedJobs!: number;
}

@ObjectType('HistorySelectionCopy', { description: '"Copy Datasets": where the copies went and how many.' })
export class HistorySelectionCopyType {
  @Field(() => ID, { description: 'The history the copies went to (new or existing).' })
  historyId!: string;

  @Field(() => Int)
  datasets!: number;

  @Field(() => Int)
  collections!: number;
}

@InputType({ description: 'A dataset of a list, with the name of its element.' })
export class NamedDatasetInput implements NamedDataset {
  @Field(() => String)
  name!: string;

  @Field(() => ID)
  datasetId!: string;
}

@InputType({ description: 'A pair of a list of pairs: its element name, its forward and reverse datasets.' })
export class DatasetPairInput implements DatasetPair {
  @Field(() => String)
  name!: string;

  @Field(() => ID)
  forwardId!: string;

  @Field(() => ID)
  reverseId!: string;
}

@InputType({ description: 'A collection built from selected datasets ("Build Dataset List", "Build Dataset Pair", "Build List of Dataset Pairs").' })
export class CollectionFromSelectionInput implements CollectionFromSelection {
  @Field(() => String, { description: 'list, paired or list:paired.' })
  collectionType!: string;

  @Field(() => String)
  name!: string;

  @Field(() => [NamedDatasetInput], { nullable: true, description: 'list: the elements in order; paired: forward then reverse (names are ignored).' })
  datasets?: NamedDatasetInput[] | null;

  @Field(() => [DatasetPairInput], { nullable: true, description: 'list:paired: the pairs in order.' })
  pairs?: DatasetPairInput[] | null;

  @Field(() => Boolean, { nullable: true, description: 'Hide original elements.' })
  hideSourceItems?: boolean | null;
}

@ObjectType('HistoryChange', { description: 'Many items of a history changed at once (a selection hidden, deleted, copied in…): read its items again.' })
export class HistoryChangeType {
  @Field(() => ID)
  historyId!: string;

  @Field(() => Int, { description: 'How many items changed.' })
  changed!: number;
}
