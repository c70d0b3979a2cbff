import { errors } from '../../errors/error-kinds';
import { checkRankIdentifiers, parseCollectionType, type RankType } from './collection-type';

/** Where an element's content comes from. */
export type ElementSource = 'hda' | 'ldda' | 'ld' | 'hdca';

/** One element of a collection to create: a dataset (or an existing collection) by id, or a new child collection. */
export type ElementRequest =
  | { identifier: string; kind: 'reference'; src: ElementSource; id: string }
  | { identifier: string; kind: 'new_collection'; collectionType: string; elements: ElementRequest[] };

/** A collection to create, checked for shape before anything is read or written. */
export interface CollectionRequest {
  collectionType: string;
  elements: ElementRequest[];
}

const REFERENCE_KEYS = new Set(['name', 'src', 'id']);
const NEW_COLLECTION_KEYS = new Set(['name', 'src', 'collection_type', 'element_identifiers']);
const SOURCES: readonly string[] = ['hda', 'ldda', 'ld', 'hdca'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const describe = (value: unknown) => JSON.stringify(value);

/** `element_identifiers` arrive as a list, or as its JSON text in a form post. */
function identifierList(raw: unknown): unknown[] {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw errors.invalid('element_identifiers must be a list (or its JSON text).');
    }
  }
  if (value === undefined || value === null) throw errors.missing("Missing required parameter 'element_identifiers'.");
  if (!Array.isArray(value)) throw errors.invalid('element_identifiers must be a list.');
  return value;
}

function parseElement(raw: unknown, rankType: RankType, innerType: string | null): ElementRequest {
  if (!isRecord(raw)) throw errors.invalid(`Cannot load invalid dataset identifier - ${describe(raw)}`);
  if (typeof raw.name !== 'string' || raw.name === '') throw errors.invalid(`Cannot load invalid dataset identifier - missing name - ${describe(raw)}`);
  const src = raw.src ?? 'hda';
  if (src === 'new_collection') {
    for (const key of Object.keys(raw)) if (!NEW_COLLECTION_KEYS.has(key)) throw errors.invalid(`Found invalid parameter ${key} in element identifier description ${describe(raw)}.`);
    if (typeof raw.collection_type !== 'string') throw errors.invalid(`No collection_type define for nested collection ${describe(raw)}.`);
    if (raw.element_identifiers === undefined) throw errors.invalid('Dataset source new_collection requires nested element_identifiers for new collection.');
    if (innerType !== null && raw.collection_type !== innerType) {
      throw errors.invalid(`Element ${raw.name} of a ${rankType} must be a ${innerType} collection, not ${raw.collection_type}.`);
    }
    const nested = parseCollectionRequest(raw.collection_type, raw.element_identifiers);
    return { identifier: raw.name, kind: 'new_collection', collectionType: nested.collectionType, elements: nested.elements };
  }
  if (typeof src !== 'string' || !SOURCES.includes(src)) throw errors.invalid(`Unknown dataset source (src) ${String(src)}.`);
  for (const key of Object.keys(raw)) if (!REFERENCE_KEYS.has(key)) throw errors.invalid(`Found invalid parameter ${key} in element identifier description ${describe(raw)}.`);
  if (typeof raw.id !== 'string' && typeof raw.id !== 'number') throw errors.invalid(`Cannot load invalid dataset identifier - missing id - ${describe(raw)}`);
  // A nested rank takes existing collections (`hdca`) or new ones; the innermost rank takes datasets.
  if (innerType === null && src === 'hdca') throw errors.invalid(`Element ${raw.name} of a ${rankType} must be a dataset, not a collection.`);
  if (innerType !== null && src !== 'hdca') throw errors.invalid(`Element ${raw.name} must be a ${innerType} collection (src new_collection or hdca).`);
  return { identifier: raw.name, kind: 'reference', src: src as ElementSource, id: String(raw.id) };
}

/** Parses and checks the request's collection description (types, identifiers, nesting). */
export function parseCollectionRequest(collectionType: unknown, rawIdentifiers: unknown): CollectionRequest {
  const ranks = parseCollectionType(collectionType);
  const type = ranks.join(':');
  const innerType = ranks.length > 1 ? ranks.slice(1).join(':') : null;
  const elements = identifierList(rawIdentifiers).map((raw) => parseElement(raw, ranks[0], innerType));
  checkRankIdentifiers(ranks[0], elements.map((element) => element.identifier));
  return { collectionType: type, elements };
}
