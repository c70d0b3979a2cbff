import { pythonIso } from '../core/shape';
import { hdaDict, hdaInaccessibleDict } from './hda.reply';

type Dict = Record<string, unknown>;

/** What a collection in a history shows without its elements, aliased to the platform's keys. */
export const HDCA_SELECTION = `id name hid visible deleted history_id: historyId collection_type: collectionType
  element_count: elementCount populated create_time: createTime update_time: updateTime`;

/** What the dictionary of a dataset element's `object` shows (the platform's HDA model dictionary). */
const ELEMENT_DATASET_FIELDS = `id name hid extension deleted purged visible state accessible history_id: historyId dataset_id: datasetId
  peek uuid metadata genome_build: genomeBuild misc_info: miscInfo misc_blurb: miscBlurb file_size: fileSize create_time: createTime
  update_time: updateTime data_type: dataType`;

const ELEMENT_OBJECT_KEYS = [
  'id', 'model_class', 'hda_ldda', 'name', 'hid', 'history_id', 'history_content_type', 'file_ext', 'state', 'deleted', 'purged', 'visible',
  'peek', 'uuid', 'file_size', 'create_time', 'update_time', 'data_type', 'genome_build', 'misc_info', 'misc_blurb', 'metadata',
] as const;

/** Element selections nest this deep; creation refuses deeper collection types (MAX_COLLECTION_RANKS). */
const ELEMENT_DEPTH = 4;

function elementSelection(depth: number): string {
  const child = depth > 1 ? `collection { id collection_type: collectionType element_count: elementCount populated elements { ${elementSelection(depth - 1)} } }` : '';
  return `id element_identifier: elementIdentifier element_index: elementIndex element_type: elementType dataset { ${ELEMENT_DATASET_FIELDS} } ${child}`;
}

/** The collection's fields and its element tree. */
export const HDCA_ELEMENTS_SELECTION = `${HDCA_SELECTION} elements { ${elementSelection(ELEMENT_DEPTH)} }`;

/** The collection's fields, and its elements when `$withElements`. */
export const HDCA_SELECTION_IF_ELEMENTS = `${HDCA_SELECTION} elements @include(if: $withElements) { ${elementSelection(ELEMENT_DEPTH)} }`;

function elementDict(element: Dict): Dict {
  const child = element.collection as Dict | null | undefined;
  const dataset = element.dataset as Dict | null | undefined;
  let object: Dict | null = null;
  if (child) {
    object = {
      id: child.id,
      model_class: 'DatasetCollection',
      collection_type: child.collection_type,
      element_count: child.element_count,
      populated: child.populated,
      elements: ((child.elements ?? []) as Dict[]).map(elementDict),
    };
  } else if (dataset) {
    // A dataset the caller may not read: what any listing shows of it, as an HDA model dictionary.
    object =
      dataset.accessible === false
        ? { model_class: 'HistoryDatasetAssociation', hda_ldda: 'hda', ...hdaInaccessibleDict(dataset) }
        : hdaDict(dataset, ELEMENT_OBJECT_KEYS);
  }
  return {
    id: element.id,
    model_class: 'DatasetCollectionElement',
    element_identifier: element.element_identifier,
    element_index: element.element_index,
    element_type: element.element_type,
    object,
  };
}

/**
 * The platform's dictionary of a history dataset collection: the collection view in listings, the
 * element view (with `elements`) in show, create, copy and update.
 */
export function hdcaDict(hdca: Dict): Dict {
  const out: Dict = {
    id: hdca.id,
    model_class: 'HistoryDatasetCollectionAssociation',
    name: hdca.name,
    hid: hdca.hid,
    history_id: hdca.history_id,
    history_content_type: 'dataset_collection',
    // The contents type, as against a dataset's `file` (the platform's `_base_to_dict`).
    type: 'collection',
    collection_type: hdca.collection_type,
    element_count: hdca.element_count,
    populated: hdca.populated,
    visible: hdca.visible,
    deleted: hdca.deleted,
    create_time: pythonIso(hdca.create_time),
    update_time: pythonIso(hdca.update_time),
    url: `/api/histories/${String(hdca.history_id)}/contents/dataset_collections/${String(hdca.id)}`,
  };
  if (Array.isArray(hdca.elements)) out.elements = (hdca.elements as Dict[]).map(elementDict);
  return out;
}
