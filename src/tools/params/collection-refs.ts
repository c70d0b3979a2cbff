/**
 * Collection inputs: `{src: 'hdca', id}` (or a bare id, or the `{values: [...]}` envelope). When the
 * tool is run the collection is resolved through the caller's resolver; the job records a snapshot of
 * its elements (identifiers and dataset ids), from which the job's command is later rebuilt.
 */
import { ToolParameterError } from '../errors';
import type { DataCollectionParam } from '../model/inputs';
import type { DataCoercionOptions } from './data-refs';
import type { CollectionElementState, CollectionValue, DataCollectionState, JsonValue } from './state';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The collection named by a request value, or null when none is given. */
function collectionRef(path: string, raw: unknown): Record<string, unknown> | null {
  if (raw === undefined || raw === null || raw === '') return null;
  let value = isRecord(raw) && Array.isArray(raw.values) ? raw.values : raw;
  if (Array.isArray(value)) {
    if (value.length > 1) throw new ToolParameterError(path, 'only one collection may be given.');
    value = value[0];
  }
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') return { src: 'hdca', id: value };
  if (!isRecord(value) || (typeof value.id !== 'string' && typeof value.id !== 'number')) throw new ToolParameterError(path, 'a collection reference ({src: "hdca", id}) is required.');
  if ((value.src ?? 'hdca') !== 'hdca') throw new ToolParameterError(path, `collection source '${String(value.src)}' is not supported; use hdca.`);
  return value;
}

/** Rebuilds a collection from a recorded snapshot, resolving each dataset by id. */
async function fromSnapshot(path: string, snapshot: Record<string, unknown>, options: DataCoercionOptions): Promise<CollectionValue> {
  if (typeof snapshot.collection_type !== 'string' || !Array.isArray(snapshot.elements)) throw new ToolParameterError(path, 'the recorded collection has no elements.');
  const elements: CollectionElementState[] = [];
  for (const element of snapshot.elements) {
    if (!isRecord(element) || typeof element.identifier !== 'string') throw new ToolParameterError(path, 'a recorded collection element is malformed.');
    if (isRecord(element.collection)) elements.push({ identifier: element.identifier, collection: await fromSnapshot(path, element.collection, options) });
    else if (typeof element.id === 'string') {
      const ref = { src: 'hda' as const, id: element.id };
      elements.push({ identifier: element.identifier, dataset: { ref, dataset: await options.resolveDataset(ref) } });
    } else throw new ToolParameterError(path, 'a recorded collection element is malformed.');
  }
  const ref = typeof snapshot.id === 'string' ? { src: 'hdca' as const, id: snapshot.id } : null;
  return { ref, collectionType: snapshot.collection_type, elements };
}

function checkFormats(path: string, param: DataCollectionParam, collection: CollectionValue, options: DataCoercionOptions): void {
  for (const element of collection.elements) {
    if (element.collection) checkFormats(path, param, element.collection, options);
    const dataset = element.dataset?.dataset;
    if (dataset && options.acceptsFormat && !options.acceptsFormat(dataset.ext, param.formats)) {
      throw new ToolParameterError(path, `dataset '${dataset.name}' has format '${dataset.ext}', which is not one of ${param.formats.join(', ')}.`);
    }
  }
}

export async function coerceDataCollection(path: string, param: DataCollectionParam, raw: unknown, options: DataCoercionOptions): Promise<DataCollectionState> {
  const given = collectionRef(path, raw);
  if (!given) {
    if (!param.optional) throw new ToolParameterError(path, 'a dataset collection is required.');
    return { type: 'data_collection', collection: null };
  }
  const collection = options.resolveCollection
    ? await options.resolveCollection({ src: 'hdca', id: String(given.id) })
    : await fromSnapshot(path, given, options);
  if (param.collectionTypes.length > 0 && !param.collectionTypes.includes(collection.collectionType)) {
    throw new ToolParameterError(path, `a collection of type ${param.collectionTypes.join(' or ')} is required, not ${collection.collectionType}.`);
  }
  checkFormats(path, param, collection, options);
  return { type: 'data_collection', collection };
}

/** What a job records of a collection input: its id, type and elements with their dataset ids. */
export function collectionSnapshot(collection: CollectionValue): JsonValue {
  const snapshot: { [key: string]: JsonValue } = {
    collection_type: collection.collectionType,
    elements: collection.elements.map((element): JsonValue =>
      element.collection
        ? { identifier: element.identifier, collection: collectionSnapshot(element.collection) }
        : { identifier: element.identifier, src: 'hda', id: element.dataset?.dataset.id ?? null },
    ),
  };
  if (collection.ref) {
    snapshot.src = 'hdca';
    snapshot.id = collection.ref.id;
  }
  return snapshot;
}

/** Every dataset inside a collection value, depth first, with the identifiers leading to it. */
export function collectionDatasets(collection: CollectionValue, prefix: string[] = []): Array<{ path: string[]; element: CollectionElementState }> {
  return collection.elements.flatMap((element) =>
    element.collection ? collectionDatasets(element.collection, [...prefix, element.identifier]) : [{ path: [...prefix, element.identifier], element }],
  );
}
