import { stringAsBool } from '../../../src/format/booleans';
import { isPlainObject } from '../../../src/http/body-parser';
import { alternative, route, type RouteSpec } from '../../core/route';
import type { RouteInput } from '../../core/route-input';
import { serializationOf } from '../../core/views';
import { HDA_DETAILED_KEYS, HDA_DETAILED_SELECTION, HDA_SELECTION_IF_DETAILED, HDA_SUMMARY_KEYS, HDA_VIEW, hdaDict, hdaSummaryJson, needsDetails } from '../../serializers/hda.reply';
import { HDCA_SELECTION, hdcaDict } from '../../serializers/hdca.reply';
import { datasetFileRoute } from '../datasets/dataset-file.route';
import { collectionCreationAlternatives, historyCollectionRoutes } from './history-collections.routes';

type Hda = Record<string, unknown>;

interface Viewer {
  viewer: { isAdmin: boolean };
}

/** A comma-separated id list (`ids=a,b`) or a repeated parameter. */
function idList(input: RouteInput, name: string): string[] | undefined {
  const values = input.list(name);
  return values?.flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean);
}

const optionalBool = (input: RouteInput, name: string): boolean | null => (input.has(name) ? stringAsBool(input.get(name)) : null);

/** The keys to return for one dataset: `view`/`keys`, else detailed for ids named in `details`. */
function keysFor(input: RouteInput, id: string, fallback: 'summary' | 'detailed'): readonly string[] {
  if (input.has('view') || input.has('keys')) return serializationOf(HDA_VIEW, input.string('view'), input.keys(), fallback).keys;
  const details = idList(input, 'details') ?? [];
  return details.includes('all') || details.includes(id) ? HDA_DETAILED_KEYS : fallback === 'summary' ? HDA_SUMMARY_KEYS : HDA_DETAILED_KEYS;
}

/** What writes one listed item: a collection's dictionary, or a dataset's with the keys it asks for. */
function itemJson(input: RouteInput): (item: Hda) => string {
  const fixed = input.has('view') || input.has('keys') ? keysFor(input, '', 'summary') : null;
  const details = fixed ? null : new Set(idList(input, 'details') ?? []);
  const all = details?.has('all') ?? false;
  const dataset = (item: Hda): string => {
    const keys = fixed ?? (all || details?.has(item.id as string) ? HDA_DETAILED_KEYS : HDA_SUMMARY_KEYS);
    return keys === HDA_SUMMARY_KEYS ? hdaSummaryJson(item) : JSON.stringify(hdaDict(item, keys));
  };
  return (item) => (item.__typename === 'HistoryDatasetCollection' ? JSON.stringify(hdcaDict(item)) : dataset(item));
}

const single = (hda: Hda, input: RouteInput) => hdaDict(hda, keysFor(input, hda.id as string, 'detailed'));

/** What a copy request names: `{type, source, content}`, or the older `from_hda_id` / `from_ld_id`. */
function copySource(input: RouteInput): { type: string | null; source: string | null; content: string | null } {
  const type = input.string('type') ?? null;
  const fromHda = input.string('from_hda_id');
  if (fromHda) return { type, source: 'hda', content: fromHda };
  const fromLd = input.string('from_ld_id');
  if (fromLd) return { type, source: 'library', content: fromLd };
  return { type, source: input.string('source') ?? null, content: input.string('content') ?? null };
}

function changes(input: RouteInput): Record<string, unknown> {
  const payload = input.body.payload;
  const body = isPlainObject(payload) ? payload : input.body;
  const { key: _key, ...rest } = body;
  return rest;
}

export const historyContentsRoutes: RouteSpec<unknown>[] = [
  route<{ historyItemsBatches: { items: Hda[] } }>({
    method: 'get',
    path: '/api/histories/:history_id/contents',
    access: 'anonymous',
    // Datasets and collections by hid, streamed batch by batch as they are read. Summaries need no
    // detailed fields: those (tags, metadata…) are fetched only when some item wants them.
    operation: `subscription ($historyId: ID!, $types: [String!], $ids: [ID!], $deleted: Boolean, $visible: Boolean, $detailed: Boolean!) {
      historyItemsBatches(historyId: $historyId, types: $types, ids: $ids, deleted: $deleted, visible: $visible) {
        items {
          __typename
          ... on HistoryContent { ${HDA_SELECTION_IF_DETAILED} }
          ... on HistoryDatasetCollection { ${HDCA_SELECTION} }
        }
      }
    }`,
    variables: (input) => ({
      historyId: input.path.history_id,
      types: idList(input, 'types') ?? idList(input, 'type') ?? null,
      ids: idList(input, 'ids') ?? null,
      deleted: optionalBool(input, 'deleted'),
      visible: optionalBool(input, 'visible'),
      detailed: (idList(input, 'details') ?? []).length > 0 || needsDetails(keysFor(input, '', 'summary')),
    }),
    stream: (input) => {
      const json = itemJson(input);
      return (data) => data.historyItemsBatches.items.map(json).join(',');
    },
  }),
  ...historyCollectionRoutes,
  route<{ historyContent: Hda } & Viewer>({
    method: 'get',
    path: '/api/histories/:history_id/contents/:id',
    access: 'anonymous',
    operation: `query ($historyId: ID!, $id: ID!) { historyContent(historyId: $historyId, id: $id) { ${HDA_DETAILED_SELECTION} } viewer { isAdmin } }`,
    variables: (input) => ({ historyId: input.path.history_id, id: input.path.id }),
    shape: (data, input) => single(data.historyContent, input),
  }),
  datasetFileRoute('/api/histories/:history_id/contents/:id/display'),
  route<unknown>({
    method: 'post',
    path: '/api/histories/:history_id/contents',
    access: 'owner',
    // `type=dataset_collection` creates a collection (or copies one, `source=hdca`); otherwise a dataset is copied in.
    alternatives: {
      pick: (input) => (input.string('type') === 'dataset_collection' ? (input.string('source') === 'hdca' ? 'copyCollection' : 'createCollection') : 'copyDataset'),
      routes: {
        copyDataset: alternative<{ copyDataset: Hda }>({
          operation: `mutation ($historyId: ID!, $type: String, $source: String, $content: ID) { copyDataset(historyId: $historyId, type: $type, source: $source, content: $content) { ${HDA_DETAILED_SELECTION} } }`,
          variables: (input) => ({ historyId: input.path.history_id, ...copySource(input) }),
          shape: (data, input) => single(data.copyDataset, input),
        }),
        ...collectionCreationAlternatives,
      },
    },
  }),
  route<{ updateDataset: Hda } & Viewer>({
    method: 'put',
    path: '/api/histories/:history_id/contents/:id',
    access: 'owner',
    operation: `mutation ($historyId: ID!, $id: ID!, $changes: JSONObject!) { updateDataset(historyId: $historyId, id: $id, changes: $changes) { ${HDA_DETAILED_SELECTION} } viewer { isAdmin } }`,
    variables: (input) => ({ historyId: input.path.history_id, id: input.path.id, changes: changes(input) }),
    shape: (data, input) => single(data.updateDataset, input),
  }),
  route<{ deleteDataset: { id: string; deleted: boolean; purged: boolean } }>({
    method: 'delete',
    path: '/api/histories/:history_id/contents/:id',
    access: 'owner',
    operation: 'mutation ($historyId: ID!, $id: ID!, $purge: Boolean) { deleteDataset(historyId: $historyId, id: $id, purge: $purge) { id deleted purged } }',
    variables: (input) => {
      const payload = input.get('payload');
      return { historyId: input.path.history_id, id: input.path.id, purge: input.bool('purge') || (isPlainObject(payload) && stringAsBool(payload.purge)) };
    },
    shape: (data) => data.deleteDataset,
  }),
];
