import { errors } from '../../errors/error-kinds';

/** The collections the history panel builds from a selection: "Build Dataset List", "Build Dataset Pair", "Build List of Dataset Pairs". */
export const BUILT_COLLECTION_TYPES = ['list', 'paired', 'list:paired'] as const;
export type BuiltCollectionType = (typeof BUILT_COLLECTION_TYPES)[number];

/** A dataset of a list, by the name its element takes. */
export interface NamedDataset {
  name: string;
  datasetId: string;
}

/** A pair of a list of pairs: its element name, its forward and reverse datasets. */
export interface DatasetPair {
  name: string;
  forwardId: string;
  reverseId: string;
}

export interface CollectionFromSelection {
  collectionType: string;
  name: string;
  /** `list`: its elements in order; `paired`: two, forward then reverse. */
  datasets?: readonly NamedDataset[] | null;
  /** `list:paired`: its pairs in order. */
  pairs?: readonly DatasetPair[] | null;
  /** Hide the datasets the collection is made of (the builders' "Hide original elements"). */
  hideSourceItems?: boolean | null;
}

/** Elements one collection built at once holds at most (a list of pairs counts its datasets). */
export const MAX_BUILT_ELEMENTS = 20_000;

const element = (name: string, id: string) => ({ name, src: 'hda', id });

/**
 * The description `HdcaService.create` takes (the REST contract's `element_identifiers`) for a
 * collection built from a selection, so the rules of creating a collection stay in one place; a
 * description of the wrong shape for its type is the caller's error.
 */
export function elementIdentifiersOf(input: CollectionFromSelection): { collectionType: BuiltCollectionType; elementIdentifiers: unknown[]; datasetIds: string[] } {
  const type = input.collectionType;
  if (!(BUILT_COLLECTION_TYPES as readonly string[]).includes(type)) throw errors.invalid(`Collections built from a selection are ${BUILT_COLLECTION_TYPES.join(', ')}, not ${type}.`);
  const datasets = input.datasets ?? [];
  const pairs = input.pairs ?? [];
  if (datasets.length * 1 + pairs.length * 2 > MAX_BUILT_ELEMENTS) throw errors.invalid(`At most ${MAX_BUILT_ELEMENTS} datasets in one collection.`);
  if (type === 'list:paired') {
    if (datasets.length > 0) throw errors.invalid('A list of dataset pairs takes pairs, not datasets.');
    if (pairs.length === 0) throw errors.missing('A list of dataset pairs needs at least one pair.');
    return {
      collectionType: type,
      elementIdentifiers: pairs.map((pair) => ({
        name: pair.name,
        src: 'new_collection',
        collection_type: 'paired',
        element_identifiers: [element('forward', pair.forwardId), element('reverse', pair.reverseId)],
      })),
      datasetIds: pairs.flatMap((pair) => [pair.forwardId, pair.reverseId]),
    };
  }
  if (pairs.length > 0) throw errors.invalid(`A ${type === 'list' ? 'dataset list' : 'dataset pair'} takes datasets, not pairs.`);
  if (type === 'paired') {
    if (datasets.length !== 2) throw errors.invalid('A dataset pair is two datasets: forward, then reverse.');
    return { collectionType: type, elementIdentifiers: [element('forward', datasets[0].datasetId), element('reverse', datasets[1].datasetId)], datasetIds: datasets.map((d) => d.datasetId) };
  }
  if (datasets.length === 0) throw errors.missing('A dataset list needs at least one dataset.');
  return { collectionType: type as BuiltCollectionType, elementIdentifiers: datasets.map((d) => element(d.name, d.datasetId)), datasetIds: datasets.map((d) => d.datasetId) };
}
