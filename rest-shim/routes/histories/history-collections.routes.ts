import { stringAsBool } from '../../../src/format/booleans';
import { isPlainObject } from '../../../src/http/body-parser';
import { alternative, type Alternative, route, type RouteSpec } from '../../core/route';
import type { RouteInput } from '../../core/route-input';
import { HDCA_ELEMENTS_SELECTION, hdcaDict } from '../../serializers/hdca.reply';

type Dict = Record<string, unknown>;

/** PUT bodies: the fields themselves, or wrapped in `payload` (older clients). */
function changes(input: RouteInput): Dict {
  const payload = input.body.payload;
  const body = isPlainObject(payload) ? payload : input.body;
  const { key: _key, ...rest } = body;
  return rest;
}

const path = '/api/histories/:history_id/contents/dataset_collections/:id';
const ids = (input: RouteInput) => ({ historyId: input.path.history_id, id: input.path.id });

/** `POST /api/histories/{id}/contents` with `type=dataset_collection`: a new collection, or a copy (`source=hdca`). */
export const collectionCreationAlternatives: Record<string, Alternative> = {
  createCollection: alternative<{ createCollection: Dict }>({
    operation: `mutation ($historyId: ID!, $collectionType: String, $elementIdentifiers: JSON, $name: String, $copyElements: Boolean) {
      createCollection(historyId: $historyId, collectionType: $collectionType, elementIdentifiers: $elementIdentifiers, name: $name, copyElements: $copyElements) {
        ${HDCA_ELEMENTS_SELECTION}
      }
    }`,
    variables: (input) => ({
      historyId: input.path.history_id,
      collectionType: input.string('collection_type') ?? null,
      elementIdentifiers: input.get('element_identifiers') ?? null,
      name: input.string('name') ?? null,
      copyElements: input.has('copy_elements') ? stringAsBool(input.get('copy_elements')) : false,
    }),
    shape: (data) => hdcaDict(data.createCollection),
  }),
  copyCollection: alternative<{ copyCollection: Dict }>({
    operation: `mutation ($historyId: ID!, $source: ID) { copyCollection(historyId: $historyId, source: $source) { ${HDCA_ELEMENTS_SELECTION} } }`,
    variables: (input) => ({ historyId: input.path.history_id, source: input.string('content') ?? null }),
    shape: (data) => hdcaDict(data.copyCollection),
  }),
};

/** Show, change and delete a collection of a history (registered before `contents/{id}`). */
export const historyCollectionRoutes: RouteSpec<unknown>[] = [
  route<{ historyCollection: Dict }>({
    method: 'get',
    path,
    access: 'anonymous',
    operation: `query ($historyId: ID!, $id: ID!) { historyCollection(historyId: $historyId, id: $id) { ${HDCA_ELEMENTS_SELECTION} } }`,
    variables: ids,
    shape: (data) => hdcaDict(data.historyCollection),
  }),
  route<{ updateCollection: Dict }>({
    method: 'put',
    path,
    access: 'owner',
    operation: `mutation ($historyId: ID!, $id: ID!, $changes: JSONObject!) { updateCollection(historyId: $historyId, id: $id, changes: $changes) { ${HDCA_ELEMENTS_SELECTION} } }`,
    variables: (input) => ({ ...ids(input), changes: changes(input) }),
    shape: (data) => hdcaDict(data.updateCollection),
  }),
  route<{ deleteCollection: Dict }>({
    method: 'delete',
    path,
    access: 'owner',
    operation: 'mutation ($historyId: ID!, $id: ID!) { deleteCollection(historyId: $historyId, id: $id) { id deleted } }',
    variables: ids,
    shape: (data) => ({ id: data.deleteCollection.id, deleted: data.deleteCollection.deleted }),
  }),
];

/** `GET /api/dataset_collections/{id}`: a history collection by id alone (the platform's `instance_type=history`). */
export const datasetCollectionRoutes: RouteSpec<unknown>[] = [
  route<{ datasetCollection: Dict }>({
    method: 'get',
    path: '/api/dataset_collections/:id',
    access: 'anonymous',
    operation: `query ($id: ID!, $instanceType: String) { datasetCollection(id: $id, instanceType: $instanceType) { ${HDCA_ELEMENTS_SELECTION} } }`,
    variables: (input) => ({ id: input.path.id, instanceType: input.string('instance_type') ?? null }),
    shape: (data) => hdcaDict(data.datasetCollection),
  }),
];
